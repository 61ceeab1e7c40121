import type { FastifyInstance } from 'fastify';
import { chatRoutes } from '@common/api/social';
import { AppError } from '../errors';
import type { Gateway } from '../realtime/gateway';
import * as chat from '../services/chat';
import type { HttpContext } from './context';
import { serve } from './contract';
import { userOf } from './session';

/**
 * Arena chat of SPEC §7: `GET /api/chat/messages?before=<id>&limit=` (the last 50, oldest
 * first; `before` = the oldest id shown pages back) and `POST /api/chat/messages {message}`.
 */
export function registerChatRoutes(app: FastifyInstance, http: HttpContext): void {

  serve(app, http, chatRoutes.history, async ({ query }, request) => chat.history(request.ctx, { ...query, viewerId: userOf(request).id }));

  serve(app, http, chatRoutes.post, async ({ body }, request) => {
    const user = userOf(request);
    return chat.postPlayerMessage(request.ctx, { id: user.id, username: user.username }, body.message);
  });
}

/**
 * Chat on the socket: the same rules as the HTTP route; the broadcast (with the clientId for
 * the sending socket) is the answer, a refusal an `error` naming the clientId.
 */
export function registerChatSocket(gateway: Gateway): void {
  gateway.handle('chat_message', async ({ ctx, conn }, message) => {
    const ack = message.clientId === undefined ? undefined : { connectionId: conn.id, clientId: message.clientId };
    try {
      await chat.postPlayerMessage(ctx, conn.user, message.text, ack);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      conn.send({ type: 'error', message: err.message, ...(message.clientId ? { clientId: message.clientId } : {}) });
    }
  });
}
