import { importedPath, inside, toPosix } from './paths.js';

/**
 * Feature borders (DESIGN §2): a file of src/client/features/<name>/ imports only from its own
 * feature folder, src/client/ui, src/client/lib, src/client/entities, src/common and packages.
 * Never from another feature, nor from src/client/app (the app imports features, not the
 * reverse), nor from anywhere else in the repository.
 */

const FEATURE_DIR = /^(.*\/src\/client\/features\/)([^/]+)\//;
const ALLOWED = ['src/client/ui', 'src/client/lib', 'src/client/entities', 'src/common'];

/** @type {import('eslint').Rule.RuleModule} */
export const featureBorders = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature imports only its own folder, ui/, lib/, entities/ and src/common' },
    schema: [],
    messages: {
      crossing:
        "'{{source}}' is outside the feature '{{feature}}': a feature imports only its own folder, ui/, lib/, entities/ and src/common. Move what several features share to entities/ (or ui/, lib/).",
    },
  },
  create(context) {
    const file = toPosix(context.filename);
    const match = FEATURE_DIR.exec(file);
    if (!match) return {};
    const root = match[1].slice(0, -'src/client/features/'.length) || '/';
    const feature = match[2];
    const own = `src/client/features/${feature}`;

    const check = (node) => {
      const source = node?.value;
      if (typeof source !== 'string') return;
      const path = importedPath(source, file, root);
      if (path === null || inside(path, own) || ALLOWED.some((folder) => inside(path, folder))) return;
      context.report({ node, messageId: 'crossing', data: { source, feature } });
    };

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source.type === 'Literal' ? node.source : null),
    };
  },
};


