import { importedPath, inside, rootOf, toPosix } from './paths.js';

/**
 * Layers (DESIGN §2, docs/decisions.md 'Layers'): a file of one zone imports only from the zones
 * its zone may use. Zones are folders of the repository; the rule's options list them, most
 * specific first, each with the zones it may import (`allow`); its own zone is always allowed,
 * and an import outside every zone (a package, or a file no zone names) is not checked.
 *
 *   { zones: [{ name: 'realtime', path: 'src/server/realtime', allow: ['bus', 'kernel'] }, ...] }
 */

/** The zone a repository path belongs to (the first that contains it), or null. */
const zoneOf = (zones, path) => zones.find((zone) => [zone.path].flat().some((folder) => inside(path, folder))) ?? null;

/** @type {import('eslint').Rule.RuleModule} */
export const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'A zone of the code imports only from the zones it may use' },
    schema: [
      {
        type: 'object',
        properties: {
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                name: { type: 'string' },
                path: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
                allow: { type: 'array', items: { type: 'string' } },
              },
              required: ['name', 'path', 'allow'],
              additionalProperties: false,
            },
          },
        },
        required: ['zones'],
        additionalProperties: false,
      },
    ],
    messages: {
      crossing: "'{{source}}' is in {{target}}, which {{zone}} may not import (it may import {{allowed}}).",
    },
  },
  create(context) {
    const file = toPosix(context.filename);
    const root = rootOf(file);
    if (root === null) return {};
    const { zones } = context.options[0];
    const own = zoneOf(zones, file.slice(root.length + 1));
    if (!own) return {};

    const check = (node) => {
      const source = node?.value;
      if (typeof source !== 'string') return;
      const path = importedPath(source, file, root);
      if (path === null) return;
      const target = zoneOf(zones, path);
      if (!target || target === own || own.allow.includes(target.name)) return;
      context.report({ node, messageId: 'crossing', data: { source, target: target.name, zone: own.name, allowed: [own.name, ...own.allow].join(', ') } });
    };

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source.type === 'Literal' ? node.source : null),
    };
  },
};
