import type { FastifyInstance } from 'fastify';
import { challengeBody, createGuildBody, donateBody, inviteBody, roleBody } from '@common/guilds';
import * as guilds from '../services/guilds';
import * as battles from '../services/guilds-battles';
import * as members from '../services/guilds-members';
import type { HttpContext } from './context';
import { parse, parseId } from './errors';
import { action } from './idempotency';
import { userOf } from './session';

/** Guilds (SPEC §7, DESIGN §4): directory, founding, membership, roles, donations, guild battles. */
export function registerGuildRoutes(app: FastifyInstance, { ctx, requireUser }: HttpContext): void {
  const guarded = { preHandler: requireUser };
  const me = (request: Parameters<typeof userOf>[0]) => userOf(request).id;

  app.get('/api/guilds', guarded, async () => guilds.directory(ctx));
  app.get('/api/guilds/my-guild', guarded, async (request) => guilds.myGuild(ctx.db, me(request)));
  app.post('/api/guilds', guarded, async (request, reply) => {
    const body = parse(createGuildBody, request.body);
    return reply.status(201).send(await guilds.createGuild(action(ctx, request, 201), me(request), body));
  });
  app.post('/api/guilds/leave', guarded, async (request) => guilds.leaveGuild(ctx, me(request)));
  app.post('/api/guilds/:id/join', guarded, async (request) => guilds.joinGuild(ctx, me(request), parseId(request.params)));

  app.get('/api/guilds/invitations', guarded, async (request) => members.myInvitations(ctx, me(request)));
  app.post('/api/guilds/invitations', guarded, async (request, reply) =>
    reply.status(201).send(await members.invite(ctx, me(request), parse(inviteBody, request.body).username)),
  );
  app.post('/api/guilds/invitations/:id/accept', guarded, async (request) =>
    members.acceptInvitation(ctx, me(request), parseId(request.params)),
  );
  app.post('/api/guilds/invitations/:id/decline', guarded, async (request) =>
    members.declineInvitation(ctx, me(request), parseId(request.params)),
  );

  app.post('/api/guilds/members/:id/role', guarded, async (request) =>
    members.changeRole(ctx, me(request), parseId(request.params), parse(roleBody, request.body).role),
  );
  app.post('/api/guilds/members/:id/remove', guarded, async (request) =>
    members.removeMember(ctx, me(request), parseId(request.params)),
  );
  app.post('/api/guilds/donate', guarded, async (request) => {
    const { amount } = parse(donateBody, request.body);
    return members.donate(action(ctx, request), me(request), amount);
  });

  app.get('/api/guilds/battles', guarded, async (request) => battles.listBattles(ctx, me(request)));
  app.post('/api/guilds/battles', guarded, async (request, reply) => {
    const { defenderGuildId, maxParticipants } = parse(challengeBody, request.body);
    return reply.status(201).send(await battles.challenge(ctx, me(request), defenderGuildId, maxParticipants));
  });
  app.post('/api/guilds/battles/:id/accept', guarded, async (request) =>
    battles.acceptBattle(ctx, me(request), parseId(request.params)),
  );
  app.post('/api/guilds/battles/:id/decline', guarded, async (request) =>
    battles.declineBattle(ctx, me(request), parseId(request.params)),
  );
}
