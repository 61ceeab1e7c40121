import type { FastifyInstance } from 'fastify';
import { skillRoutes } from '@common/api/economy';
import * as skills from '../services/skills';
import type { HttpContext } from './context';
import { serve } from './contract';
import { action } from './idempotency';
import { userOf } from './session';

/** Skills of SPEC §7: the catalogue, one class's skills, a character's learned skills, learning and upgrading. */
export function registerSkillRoutes(app: FastifyInstance, http: HttpContext): void {

  serve(app, http, skillRoutes.catalogue, async (_, request) => skills.listSkills(request.ctx));

  // Any class name reaches the service, which answers an unknown one with 400.
  serve(app, http, skillRoutes.ofClass, async ({ params }, request) => skills.skillsOfClass(request.ctx, params.class));

  serve(app, http, skillRoutes.learned, async ({ params }, request) => skills.learnedSkills(request.ctx, userOf(request).id, params.id));

  serve(app, http, skillRoutes.learn, async ({ params, body }, request) =>
    skills.learnSkill(action(request.ctx, request), userOf(request).id, params.id, body.skillId),
  );

  serve(app, http, skillRoutes.upgrade, async ({ params, body }, request) =>
    skills.upgradeSkill(action(request.ctx, request), userOf(request).id, params.id, body.skillId),
  );
}
