import type { FastifyInstance } from 'fastify';
import { blockRoutes, modRoutes } from '@common/api/moderation';
import { notFound } from '../errors';
import * as blocks from '../services/blocks';
import * as moderation from '../services/moderation';
import * as actions from '../services/moderation-actions';
import { reportQueue, fileReport } from '../services/reports';
import { requireStaff } from '../services/moderation';
import type { HttpContext } from './context';
import { serve } from './contract';
import { userOf } from './session';

/** Blocks and reports of players, and the moderators' console (docs/decisions.md 'Moderation'). */
export function registerModerationRoutes(app: FastifyInstance, http: HttpContext): void {
  const me = (request: Parameters<typeof userOf>[0]) => userOf(request).id;

  serve(app, http, blockRoutes.list, async (_, request) => blocks.blockList(request.ctx, me(request)));
  serve(app, http, blockRoutes.block, async ({ body }, request) => blocks.blockPlayer(request.ctx, me(request), body.username));
  serve(app, http, blockRoutes.remove, async ({ params }, request) => {
    if (!(await blocks.unblockPlayer(request.ctx, me(request), params.id))) throw notFound('You do not block this player');
    return { message: 'Block removed' };
  });
  serve(app, http, blockRoutes.report, async ({ body }, request) => fileReport(request.ctx, me(request), body));

  serve(app, http, modRoutes.reports, async ({ query }, request) => {
    await requireStaff(request.ctx.db, me(request));
    return reportQueue(request.ctx, query);
  });
  serve(app, http, modRoutes.audit, async ({ query }, request) => moderation.auditPage(request.ctx, me(request), query.cursor));
  serve(app, http, modRoutes.record, async ({ params }, request) => moderation.playerRecord(request.ctx, me(request), params.id));
  serve(app, http, modRoutes.deleteChat, async ({ params, body }, request) => actions.deleteChatMessage(request.ctx, me(request), params.id, body.reason, body.reportId));
  serve(app, http, modRoutes.mute, async ({ params, body }, request) => actions.mutePlayer(request.ctx, me(request), params.id, body.minutes, body.reason, body.reportId));
  serve(app, http, modRoutes.suspend, async ({ params, body }, request) => {
    const answer = await actions.suspendPlayer(request.ctx, me(request), params.id, body.days, body.reason, body.reportId);
    // Every socket of the account closes, on every instance.
    await app.gateway.disconnectUser(params.id, { reason: 'Account suspended' });
    return answer;
  });
  serve(app, http, modRoutes.unsuspend, async ({ params, body }, request) => actions.unsuspendPlayer(request.ctx, me(request), params.id, body.reason));
  serve(app, http, modRoutes.role, async ({ params, body }, request) => actions.setRole(request.ctx, me(request), params.id, body.role, body.reason));
  serve(app, http, modRoutes.renameCharacter, async ({ params, body }, request) => actions.renameCharacter(request.ctx, me(request), params.id, body.reason, body.reportId));
  serve(app, http, modRoutes.renameGuild, async ({ params, body }, request) => actions.renameGuild(request.ctx, me(request), params.id, body.reason, body.reportId));
  serve(app, http, modRoutes.resolve, async ({ params, body }, request) => actions.closeReport(request.ctx, me(request), params.id, 'resolved', body.reason));
  serve(app, http, modRoutes.dismiss, async ({ params, body }, request) => actions.closeReport(request.ctx, me(request), params.id, 'dismissed', body.reason));
}
