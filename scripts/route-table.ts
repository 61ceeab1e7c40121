import type { Plugin } from 'vite';
import { valueModule } from './value-module.ts';

/**
 * Vite plugin: src/client/lib/route-table.ts becomes its own value written out, a table of
 * methods and paths. The contracts it is computed from carry every zod schema of the game, and
 * the screens need none of them to call the server; answers are checked in development and
 * test builds by a chunk loaded on the first answer (src/client/lib/answer-check.ts).
 */
export function routeTableLiteral(): Plugin {
  return valueModule('glitch-route-table', 'src/client/lib/route-table.ts', 'routeTable');
}
