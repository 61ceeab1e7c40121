import type { FastifyInstance } from 'fastify';
import { chatHistoryQuery, postChatBody } from '@common/chat';
import * as chat from '../services/chat';
import type { HttpContext } from './context';
import { parse } from './errors';
import { userOf } from './session';

/**
 * Arena chat of SPEC §7: `GET /api/chat/messages?before=<id>&limit=` (the last 50, oldest
 * first; `before` = the oldest id shown pages back) and `POST /api/chat/messages {message}`.
 */
export function registerChatRoutes(app: FastifyInstance, { ctx, requireUser }: HttpContext): void {
  const guarded = { preHandler: requireUser };

  app.get('/api/chat/messages', guarded, async (request) => {
    const query = parse(chatHistoryQuery, request.query);
    return chat.history(ctx, query);
  });

  app.post('/api/chat/messages', guarded, async (request, reply) => {
    const { message } = parse(postChatBody, request.body);
    const user = userOf(request);
    const stored = await chat.postPlayerMessage(ctx, { id: user.id, username: user.username }, message);
    return reply.status(201).send(stored);
  });
}
