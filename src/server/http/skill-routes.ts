import type { FastifyInstance } from 'fastify';
import { learnSkillBody, upgradeSkillBody } from '@common/economy-requests';
import * as skills from '../services/skills';
import type { HttpContext } from './context';
import { parse, parseId } from './errors';
import { action } from './idempotency';
import { userOf } from './session';

/** Skills of SPEC §7: the catalogue, one class's skills, a character's learned skills, learning and upgrading. */
export function registerSkillRoutes(app: FastifyInstance, { ctx, requireUser }: HttpContext): void {
  const guarded = { preHandler: requireUser };

  app.get('/api/skills', guarded, async () => skills.listSkills(ctx));

  app.get<{ Params: { class: string } }>('/api/skills/:class', guarded, async (request) =>
    skills.skillsOfClass(ctx, request.params.class),
  );

  app.get('/api/characters/:id/skills', guarded, async (request) =>
    skills.learnedSkills(ctx, userOf(request).id, parseId(request.params)),
  );

  app.post('/api/characters/:id/learn-skill', guarded, async (request) => {
    const id = parseId(request.params);
    const { skillId } = parse(learnSkillBody, request.body);
    return skills.learnSkill(action(ctx, request), userOf(request).id, id, skillId);
  });

  app.post('/api/characters/:id/upgrade-skill', guarded, async (request) => {
    const id = parseId(request.params);
    const { skillId } = parse(upgradeSkillBody, request.body);
    return skills.upgradeSkill(action(ctx, request), userOf(request).id, id, skillId);
  });
}
