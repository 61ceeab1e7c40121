import type { FastifyInstance } from 'fastify';
import { guildRoutes } from '@common/api/guilds';
import * as guilds from '../services/guilds';
import * as battles from '../services/guilds-battles';
import * as members from '../services/guilds-members';
import type { HttpContext } from './context';
import { serve } from './contract';
import { action } from './idempotency';
import { userOf } from './session';

/** Guilds (SPEC §7, DESIGN §4): directory, founding, membership, roles, donations, guild battles. */
export function registerGuildRoutes(app: FastifyInstance, http: HttpContext): void {
  const me = (request: Parameters<typeof userOf>[0]) => userOf(request).id;

  serve(app, http, guildRoutes.directory, async (_, request) => guilds.directory(request.ctx));
  serve(app, http, guildRoutes.mine, async (_, request) => guilds.ownGuild(request.ctx.db, me(request)));
  serve(app, http, guildRoutes.create, async ({ body }, request) => guilds.createGuild(action(request.ctx, request, 201), me(request), body));
  serve(app, http, guildRoutes.leave, async (_, request) => guilds.leaveGuild(request.ctx, me(request)));
  serve(app, http, guildRoutes.join, async ({ params }, request) => guilds.joinGuild(request.ctx, me(request), params.id));

  serve(app, http, guildRoutes.invitations, async (_, request) => members.myInvitations(request.ctx, me(request)));
  serve(app, http, guildRoutes.invite, async ({ body }, request) => members.invite(request.ctx, me(request), body.username));
  serve(app, http, guildRoutes.acceptInvitation, async ({ params }, request) => members.acceptInvitation(request.ctx, me(request), params.id));
  serve(app, http, guildRoutes.declineInvitation, async ({ params }, request) => members.declineInvitation(request.ctx, me(request), params.id));

  serve(app, http, guildRoutes.changeRole, async ({ params, body }, request) => members.changeRole(request.ctx, me(request), params.id, body.role));
  serve(app, http, guildRoutes.removeMember, async ({ params }, request) => members.removeMember(request.ctx, me(request), params.id));
  serve(app, http, guildRoutes.donate, async ({ body }, request) => members.donate(action(request.ctx, request), me(request), body.amount));

  serve(app, http, guildRoutes.battles, async (_, request) => battles.listBattles(request.ctx, me(request)));
  serve(app, http, guildRoutes.challenge, async ({ body }, request) =>
    battles.challenge(request.ctx, me(request), body.defenderGuildId, body.maxParticipants),
  );
  serve(app, http, guildRoutes.acceptBattle, async ({ params }, request) => battles.acceptBattle(request.ctx, me(request), params.id));
  serve(app, http, guildRoutes.declineBattle, async ({ params }, request) => battles.declineBattle(request.ctx, me(request), params.id));
}
