import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';

const MODULE = fileURLToPath(new URL('../src/client/lib/route-table.ts', import.meta.url));

/**
 * Vite plugin: src/client/lib/route-table.ts becomes its own value written out, a table of
 * methods and paths. The contracts it is computed from carry every zod schema of the game, and
 * the screens need none of them to call the server; answers are checked in development and
 * test builds by a chunk loaded on the first answer (src/client/lib/answer-check.ts).
 */
export function routeTableLiteral(): Plugin {
  return {
    name: 'glitch-route-table',
    apply: 'build',
    async load(id) {
      if (id.split('?')[0] !== MODULE) return null;
      const { routeTable } = (await tsImport(MODULE, import.meta.url)) as { routeTable: unknown };
      return `export const routeTable = ${JSON.stringify(routeTable)};\n`;
    },
  };
}
