import { blockersOfAll } from '../services/blocks';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { GatewayHooks } from '../realtime/upgrade';
import { liveSessions } from '../services/accounts';
import { history } from '../services/chat';
import type { SessionCookie } from './session';
import { clientAddress, verifyUpgrade } from './upgrade-auth';

/**
 * What the socket gateway asks of the rest of the app: who opens a socket (the session cookie and
 * the Origin, as for HTTP), whether the address may open another one (the connection caps),
 * which sessions still live, and the latest chat.
 */
export function gatewayHooks(app: FastifyInstance, ctx: AppContext, cookie: SessionCookie): GatewayHooks {
  return {
    verify: (raw) => verifyUpgrade(app, ctx, cookie, raw),
    admit: (raw) => app.connectionLimits.admitUpgrade(raw, clientAddress(ctx.config, raw)),
    liveSessions: (sessions) => liveSessions(ctx, sessions),
    recentChat: async () => {
      const messages = await history(ctx);
      const blockers = await blockersOfAll(ctx.db, messages.flatMap((m) => (m.userId === null ? [] : [m.userId])));
      return messages.map((message) => ({ message, hiddenFrom: (message.userId !== null && blockers.get(message.userId)) || [] }));
    },
  };
}
