import type { FastifyInstance } from 'fastify';
import { challengeBody, createGuildBody, donateBody, inviteBody, roleBody } from '@common/guilds';
import * as guilds from '../services/guilds';
import * as battles from '../services/guilds-battles';
import * as members from '../services/guilds-members';
import type { HttpContext } from './context';
import { parse, parseId } from './errors';
import { userOf } from './session';

/** Guilds (SPEC §7, DESIGN §4): directory, founding, membership, roles, donations, guild battles. */
export function registerGuildRoutes(app: FastifyInstance, { db, requireUser }: HttpContext): void {
  const guarded = { preHandler: requireUser };
  const me = (request: Parameters<typeof userOf>[0]) => userOf(request).id;

  app.get('/api/guilds', guarded, async () => guilds.directory(db));
  app.get('/api/guilds/my-guild', guarded, async (request) => guilds.myGuild(db, me(request)));
  app.post('/api/guilds', guarded, async (request, reply) =>
    reply.status(201).send(await guilds.createGuild(db, me(request), parse(createGuildBody, request.body))),
  );
  app.post('/api/guilds/leave', guarded, async (request) => guilds.leaveGuild(db, me(request)));
  app.post('/api/guilds/:id/join', guarded, async (request) => guilds.joinGuild(db, me(request), parseId(request.params)));

  app.get('/api/guilds/invitations', guarded, async (request) => members.myInvitations(db, me(request)));
  app.post('/api/guilds/invitations', guarded, async (request, reply) =>
    reply.status(201).send(await members.invite(db, me(request), parse(inviteBody, request.body).username)),
  );
  app.post('/api/guilds/invitations/:id/accept', guarded, async (request) =>
    members.acceptInvitation(db, me(request), parseId(request.params)),
  );
  app.post('/api/guilds/invitations/:id/decline', guarded, async (request) =>
    members.declineInvitation(db, me(request), parseId(request.params)),
  );

  app.post('/api/guilds/members/:id/role', guarded, async (request) =>
    members.changeRole(db, me(request), parseId(request.params), parse(roleBody, request.body).role),
  );
  app.post('/api/guilds/members/:id/remove', guarded, async (request) =>
    members.removeMember(db, me(request), parseId(request.params)),
  );
  app.post('/api/guilds/donate', guarded, async (request) => members.donate(db, me(request), parse(donateBody, request.body).amount));

  app.get('/api/guilds/battles', guarded, async (request) => battles.listBattles(db, me(request)));
  app.post('/api/guilds/battles', guarded, async (request, reply) => {
    const { defenderGuildId, maxParticipants } = parse(challengeBody, request.body);
    return reply.status(201).send(await battles.challenge(db, me(request), defenderGuildId, maxParticipants));
  });
  app.post('/api/guilds/battles/:id/accept', guarded, async (request) =>
    battles.acceptBattle(db, me(request), parseId(request.params)),
  );
  app.post('/api/guilds/battles/:id/decline', guarded, async (request) =>
    battles.declineBattle(db, me(request), parseId(request.params)),
  );
}
