import { serverMessage } from '@common/ws-messages';
import type { Shape } from './message-shape';
import { shapeOf } from './shape-of';

/**
 * The shape of every message the server sends (`serverMessage`). A build replaces this module
 * with its value written out (scripts/message-shape.ts), so the socket's check loads neither
 * zod nor the schemas; in development and unit tests it is computed from the schemas here.
 */
export const serverMessageShape: Shape = shapeOf(serverMessage);
