import type { Plugin } from 'vite';
import { valueModule } from './value-module.ts';

/**
 * Vite plugin: src/client/lib/server-message-shape.ts becomes its value written out, the shape
 * of every server message (src/client/lib/message-shape.ts). The socket's check then needs
 * neither zod nor the schemas it was made from (src/common/ws-messages.ts).
 */
export function messageShapeLiteral(): Plugin {
  return valueModule('glitch-message-shape', 'src/client/lib/server-message-shape.ts', 'serverMessageShape');
}
