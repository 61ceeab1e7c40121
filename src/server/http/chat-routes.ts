import type { FastifyInstance } from 'fastify';
import { chatRoutes } from '@common/api/social';
import * as chat from '../services/chat';
import type { HttpContext } from './context';
import { serve } from './contract';
import { userOf } from './session';

/**
 * Arena chat of SPEC §7: `GET /api/chat/messages?before=<id>&limit=` (the last 50, oldest
 * first; `before` = the oldest id shown pages back) and `POST /api/chat/messages {message}`.
 */
export function registerChatRoutes(app: FastifyInstance, http: HttpContext): void {
  const { ctx } = http;

  serve(app, http, chatRoutes.history, async ({ query }) => chat.history(ctx, query));

  serve(app, http, chatRoutes.post, async ({ body }, request) => {
    const user = userOf(request);
    return chat.postPlayerMessage(ctx, { id: user.id, username: user.username }, body.message);
  });
}
