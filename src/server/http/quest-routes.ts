import type { FastifyInstance } from 'fastify';
import { questRoutes } from '@common/api/social';
import * as quests from '../services/quests';
import type { HttpContext } from './context';
import { serve } from './contract';
import { action } from './idempotency';
import { userOf } from './session';

/** Quests: the player's first steps and dailies, and claiming a finished one's reward. */
export function registerQuestRoutes(app: FastifyInstance, http: HttpContext): void {

  serve(app, http, questRoutes.list, async (_, request) => quests.listQuests(request.ctx, userOf(request).id));

  serve(app, http, questRoutes.claim, async ({ params }, request) => quests.claimQuest(action(request.ctx, request), userOf(request).id, params.id));
}
