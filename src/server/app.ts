import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import { registerAdminRoutes } from './http/admin-routes';
import { registerAssetRoutes } from './http/asset-routes';
import { registerAuthRoutes } from './http/auth-routes';
import { registerBattleRoutes } from './http/battle-routes';
import { registerCharacterRoutes } from './http/character-routes';
import { registerChatRoutes } from './http/chat-routes';
import { DEFAULT_CLIENT_DIR, registerClientFiles } from './http/client-files';
import type { HttpContext } from './http/context';
import { registerEquipmentRoutes } from './http/equipment-routes';
import { registerErrorHandling } from './http/errors';
import { registerForgeRoutes } from './http/forge-routes';
import { registerGuildRoutes } from './http/guild-routes';
import { registerMarketplaceRoutes } from './http/marketplace-routes';
import { registerRankingRoutes } from './http/ranking-routes';
import { registerPvpRoutes } from './http/pvp-routes';
import { registerOriginCheck } from './http/security';
import { sessionCookie, userGuard } from './http/session';
import { registerSkillRoutes } from './http/skill-routes';
import { registerPvpHandlers } from './realtime/pvp-handlers';
import { createMatchRunner } from './realtime/pvp-matcher';
import { startPvpSweeper } from './realtime/pvp-sweeper';
import { registerRealtime, type RealtimeOptions } from './realtime/setup';

export interface AppOptions {
  config: Config;
  db: Db;
  /** Where the built client lives; defaults to dist/client. */
  clientDir?: string;
  /** The bus shared by instances and gateway limits; see realtime/setup.ts. */
  realtime?: RealtimeOptions;
}

/** Builds the whole HTTP app without listening; tests and main both use it. */
export async function buildApp({ config, db, clientDir = DEFAULT_CLIENT_DIR, realtime }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 64 * 1024,
    // Per-request lines only when debugging: at game traffic they would drown everything else.
    logController: new LogController({
      disableRequestLogging: config.LOG_LEVEL !== 'debug' && config.LOG_LEVEL !== 'trace',
    }),
  });

  // A JSON content type with an empty body means "no body" (e.g. POST /api/logout).
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') return done(null, undefined);
    return jsonParser(request, text, done);
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        // Plain-HTTP installs (LAN, localhost) must not have their requests rewritten to https.
        upgradeInsecureRequests: config.COOKIE_SECURE ? [] : null,
      },
    },
    hsts: config.COOKIE_SECURE,
  });
  await app.register(fastifyCookie);
  app.decorateRequest('sessionUser', undefined);

  registerErrorHandling(app);
  registerOriginCheck(app, config);

  const cookie = sessionCookie(config);
  const context: HttpContext = { config, db, cookie, requireUser: userGuard(db, cookie) };
  registerAuthRoutes(app, context);
  registerCharacterRoutes(app, context);
  registerBattleRoutes(app, context);
  registerRankingRoutes(app, context);
  registerMarketplaceRoutes(app, context);
  registerEquipmentRoutes(app, context);
  registerForgeRoutes(app, context);
  registerSkillRoutes(app, context);
  registerAdminRoutes(app, context);
  registerChatRoutes(app, context);
  registerGuildRoutes(app, context);
  const gateway = await registerRealtime(app, context, realtime);
  const turnMs = config.PVP_TURN_SECONDS * 1000;
  const matcher = createMatchRunner({
    db,
    send: (userId, message) => gateway.sendToUser(userId, message),
    clock: () => ({ now: new Date(), turnMs }),
    onError: (err) => app.log.warn({ err }, 'pvp matching failed'),
  });
  registerPvpRoutes(app, context, matcher);
  registerPvpHandlers(app, gateway, matcher);
  startPvpSweeper(app, db, { turnMs });
  registerAssetRoutes(app);

  await registerClientFiles(app, clientDir);
  return app;
}
