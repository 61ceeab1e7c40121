import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';

const MODULE = fileURLToPath(new URL('../src/client/lib/server-message-shape.ts', import.meta.url));

/**
 * Vite plugin: src/client/lib/server-message-shape.ts becomes its value written out, the shape
 * of every server message (src/client/lib/message-shape.ts). The socket's check then needs
 * neither zod nor the schemas it was made from (src/common/ws-messages.ts).
 */
export function messageShapeLiteral(): Plugin {
  return {
    name: 'glitch-message-shape',
    apply: 'build',
    async load(id) {
      if (id.split('?')[0] !== MODULE) return null;
      const { serverMessageShape } = (await tsImport(MODULE, import.meta.url)) as { serverMessageShape: unknown };
      return `export const serverMessageShape = ${JSON.stringify(serverMessageShape)};\n`;
    },
  };
}
