import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { resolveImport, rootOf, toPosix } from './paths.js';

/**
 * No import cycles (bulletproof-react's rule): a module may not import one that imports it back,
 * directly or through others. Static imports and re-exports count, type-only ones too (a cycle of
 * types is still two modules that cannot be understood apart); `import()` does not (a lazily
 * loaded screen is loaded after its importer). The graph is read from the files on disk once per
 * lint run.
 */

const IMPORTS = /(?:^|[\n;])\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/g;
const graph = new Map();

function importsOf(file, root) {
  let found = graph.get(file);
  if (found) return found;
  found = new Set();
  graph.set(file, found);
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return found;
  }
  for (const match of text.matchAll(IMPORTS)) {
    const target = resolveImport(match[1], file, root);
    if (target && target !== file) found.add(target);
  }
  return found;
}

/** A path from `from` to `to` through imports (both included), or null. */
function pathBetween(from, to, root) {
  const seen = new Set([from]);
  const previous = new Map();
  const queue = [from];
  while (queue.length > 0) {
    const at = queue.shift();
    for (const next of importsOf(at, root)) {
      if (seen.has(next)) continue;
      seen.add(next);
      previous.set(next, at);
      if (next === to) {
        const path = [to];
        for (let step = to; step !== from; ) path.unshift((step = previous.get(step)));
        return path;
      }
      queue.push(next);
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Modules do not import each other in a circle' },
    schema: [],
    messages: { cycle: 'Import cycle: {{cycle}}. Move what both need to a module of its own, or reverse one of the imports.' },
  },
  create(context) {
    const file = toPosix(context.filename);
    const root = rootOf(file);
    if (root === null) return {};
    const check = (node) => {
      const source = node?.value;
      if (typeof source !== 'string') return;
      const target = resolveImport(source, file, root);
      if (!target || target === file) return;
      const back = pathBetween(target, file, root);
      if (!back) return;
      const cycle = [file, ...back].map((f) => relative(root, f)).join(' → ');
      context.report({ node, messageId: 'cycle', data: { cycle } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
    };
  },
};
