import type { FastifyInstance } from 'fastify';
import { questIdParams } from '@common/quests';
import * as quests from '../services/quests';
import type { HttpContext } from './context';
import { parse } from './errors';
import { action } from './idempotency';
import { userOf } from './session';

/** Quests: the player's first steps and dailies, and claiming a finished one's reward. */
export function registerQuestRoutes(app: FastifyInstance, { ctx, requireUser }: HttpContext): void {
  const guarded = { preHandler: requireUser };

  app.get('/api/quests', guarded, async (request) => quests.listQuests(ctx, userOf(request).id));

  app.post('/api/quests/:id/claim', guarded, async (request) => {
    const { id } = parse(questIdParams, request.params);
    return quests.claimQuest(action(ctx, request), userOf(request).id, id);
  });
}
