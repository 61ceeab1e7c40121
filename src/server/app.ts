import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { RouteContract } from '@common/api/contract';
import type { Config } from './config';
import { systemClock, type AppContext, type Clock } from './context';
import { Registry } from 'prom-client';
import { countStatements, uncounted, type Database, type Db } from './db/client';
import { registerAdminRoutes } from './http/admin-routes';
import { registerAssetRoutes } from './http/asset-routes';
import { registerApiDocs } from './http/api-docs';
import { registerConnectionLimits, httpTimeouts } from './http/connection-limits';
import { registerContractCompilers, socketMessageSchemas } from './http/contract';
import { createAnnouncer } from './services/announcer';
import { LoginGate, type LoginGateOptions } from './services/login-gate';
import { SESSIONS_CHANNEL, SessionCache, isSessionsEnded } from './services/session-cache';
import { postSystemMessage } from './services/chat';
import { SUBSCRIBERS } from './services/event-subscribers';
import { Outbox } from './services/outbox';
import { registerAuthRoutes } from './http/auth-routes';
import { registerBattleRoutes } from './http/battle-routes';
import { registerCharacterRoutes } from './http/character-routes';
import { registerChatRoutes, registerChatSocket } from './http/chat-routes';
import { DEFAULT_CLIENT_DIR, registerClientFiles } from './http/client-files';
import { registerJsonCompression } from './http/compression';
import type { HttpContext } from './http/context';
import { registerEquipmentRoutes } from './http/equipment-routes';
import { registerErrorHandling } from './http/errors';
import { registerForgeRoutes } from './http/forge-routes';
import { registerGuildRoutes } from './http/guild-routes';
import { closingFlag, registerOperations, timedBus } from './http/operations';
import { registerMarketplaceRoutes } from './http/marketplace-routes';
import { registerModerationRoutes } from './http/moderation-routes';
import { registerRankingRoutes } from './http/ranking-routes';
import { registerReplayRoutes } from './http/replay-routes';
import { registerQuestRoutes } from './http/quest-routes';
import { registerChallengeRoutes, registerPeopleRoutes } from './http/people-routes';
import { registerPvpRoutes } from './http/pvp-routes';
import { registerOriginCheck, SCRIPT_SOURCES } from './http/security';
import { registerApiCeiling } from './http/api-ceiling';
import { registerRequestIds, requestIdOptions } from './http/request-id';
import { currentUser, registerSessionHint, sessionCookie, userGuard } from './http/session';
import { registerSkillRoutes } from './http/skill-routes';
import { gatewayHooks } from './http/socket-hooks';
import { createMemoryBus } from './bus/bus';
import { startPvp, type PvpOptions } from './pvp';
import type { RoomHost } from './pvp/host/room-host';
import type { Challenges } from './pvp/challenges';
import { registerRealtime, type RealtimeOptions } from './realtime/setup';

export interface AppOptions {
  config: Config;
  db: Db;
  /** Where the built client lives; defaults to dist/client. */
  clientDir?: string;
  /** The bus shared by instances and gateway limits; see realtime/setup.ts. */
  realtime?: RealtimeOptions;
  /** PvP room timings (snapshots, keeping alive, the ghost's thinking) and time; tests shorten them. */
  pvp?: PvpOptions;
  /** What "now" is for every service; tests move it forward. */
  clock?: Clock;
  /** Answers carry `X-Db-Statements`: the SQL statements the request ran (tests and the bench). */
  countStatements?: boolean;
  /** PostgreSQL's pool figures for /metrics (`Database.pool`). */
  pool?: Database['pool'];
  /** Tests: an answer waits until the domain events its request recorded were handled. */
  settleEvents?: boolean;
  /** How login attempts at an account's failure ceiling wait; tests hand in their own sleep. */
  logins?: Partial<LoginGateOptions>;
  /** Where log lines go (stdout by default); tests read them. */
  logStream?: { write(line: string): void };
}

/**
 * How long the outbox gathers nudges before a drain (services/outbox.ts `gatherMs`): what follows
 * from an event (quest progress, standings) is that much later, and the ends of battles that
 * close meanwhile are handled in one pass: at 500 duels, 14 passes in the move phase where 100 ms
 * took 43 (peers bench; docs/decisions.md 'Who drains'). An event a player is notified of drains
 * at once (friend requests across instances: p95 17 ms from the answer, 307 ms while it waited).
 */
const OUTBOX_GATHER_MS = 300;

/** The header of `countStatements`. */
export const STATEMENTS_HEADER = 'x-db-statements';

declare module 'fastify' {
  interface FastifyInstance {
    /** The services' context, for main's housekeeping and for tests. */
    ctx: AppContext;
    /** This instance's PvP rooms (tests, metrics). */
    pvp: RoomHost;
    /** Direct challenges (tests sweep expired ones by hand). */
    challenges: Challenges;
    outbox: Outbox;
    /** Every route registered, with the contract it came from (the API document's completeness test). */
    routeTable: { method: string; url: string; contract?: RouteContract; hidden: boolean }[];
  }
}

/** Builds the whole HTTP app without listening; tests and main both use it. */
export async function buildApp({ config, db, clientDir = DEFAULT_CLIENT_DIR, realtime, pvp: pvpOptions, clock = systemClock, countStatements: counting = false, pool, settleEvents = false, logins, logStream }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL, ...(logStream ? { stream: logStream } : {}) },
    trustProxy: config.TRUST_PROXY,
    // Every request has an id (the proxy's X-Request-Id behind TRUST_PROXY), on its log lines and its answer.
    ...requestIdOptions(config),
    bodyLimit: 64 * 1024,
    // Silent and slow connections are closed (docs/decisions.md 'Connections').
    ...httpTimeouts(config),
    // Per-request lines only when debugging: at game traffic they would drown everything else.
    logController: new LogController({
      disableRequestLogging: config.LOG_LEVEL !== 'debug' && config.LOG_LEVEL !== 'trace',
    }),
  });

  registerRequestIds(app, () => ctx);
  const routeTable: FastifyInstance['routeTable'] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routeTable.push({ method, url: route.url, contract: route.config?.contract, hidden: Boolean((route.schema as { hide?: boolean } | undefined)?.hide) });
    }
  });

  // A JSON content type with an empty body means "no body" (e.g. POST /api/logout).
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') return done(null, undefined);
    return jsonParser(request, text, done);
  });

  // Helmet's headers are for pages: HTML answers get them, JSON and assets only `nosniff`
  // (they were 577 of the 789 bytes of a GET /api/user answer).
  await app.register(fastifyHelmet, {
    global: false,
    contentSecurityPolicy: {
      directives: {
        scriptSrc: SCRIPT_SOURCES,
        // Plain-HTTP installs (LAN, localhost) must not have their requests rewritten to https.
        upgradeInsecureRequests: config.COOKIE_SECURE ? [] : null,
      },
    },
    hsts: config.COOKIE_SECURE,
  });
  app.addHook('onSend', async (_request, reply) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) await reply.helmet();
    else void reply.header('x-content-type-options', 'nosniff');
  });
  // JSON answers above 1 KB leave compressed when accepted (the client's files are compressed at build).
  registerJsonCompression(app);
  await app.register(fastifyCookie);
  app.decorateRequest('sessionUser', undefined);

  if (counting) {
    app.addHook('onRequest', (request, _reply, done) => {
      const counter = { statements: 0 };
      (request as { statementCounter?: typeof counter }).statementCounter = counter;
      countStatements(counter, done);
    });
    app.addHook('onSend', async (request, reply) => {
      const counter = (request as { statementCounter?: { statements: number } }).statementCounter;
      if (counter) void reply.header(STATEMENTS_HEADER, String(counter.statements));
    });
  }
  registerErrorHandling(app);
  registerOriginCheck(app, config);
  await registerApiCeiling(app, config);
  const closing = closingFlag(app);

  // The one context of the services (DESIGN §2). A bus handed in belongs to the caller, who
  // closes it after the app; without one the app has its own, in process.
  const ownBus = realtime?.bus ?? createMemoryBus({ log: app.log });
  if (!realtime?.bus) app.addHook('onClose', async () => ownBus.close());
  const metrics = new Registry();
  const bus = timedBus(ownBus, metrics);
  const announcer = createAnnouncer((text) => postSystemMessage(ctx, text), { log: app.log, clock });
  const sessions = new SessionCache();
  // Domain events recorded by the services are consumed after commit (services/outbox.ts).
  const ctx: AppContext = { db, bus, clock, log: app.log, config, announcer, sessions, logins: new LoginGate(logins), outbox: { nudge: (now) => outbox.nudge(now) } };
  // Commits of one short stretch (battles ending together) are handled in one pass; tests that
  // read what a request caused right after it (settleEvents) drain at once.
  const outbox = new Outbox(ctx, SUBSCRIBERS, { gatherMs: settleEvents ? 0 : OUTBOX_GATHER_MS });
  outbox.start();
  app.decorate('outbox', outbox);
  app.addHook('preClose', async () => outbox.close());
  if (settleEvents) {
    // Tests read what a request caused right after its answer: its events are handled first.
    app.addHook('onSend', async () => {
      await uncounted(() => outbox.drain());
    });
  }
  // Sessions ended on any instance leave this one's cache at once; after a bus outage, all do.
  const unsubscribeSessions = await bus.subscribe(SESSIONS_CHANNEL, (event) => {
    if (isSessionsEnded(event)) sessions.evict(event);
  });
  bus.onReconnect(() => sessions.clear());
  app.addHook('onClose', async () => unsubscribeSessions());
  app.addHook('onClose', async () => announcer.close());
  app.decorate('ctx', ctx);

  const cookie = sessionCookie(config);
  const context: HttpContext = { ctx, cookie, requireUser: userGuard(ctx, cookie) };
  registerSessionHint(app, ctx, cookie);
  // Per-address caps on connections and unauthenticated requests, before any route runs.
  registerConnectionLimits(app, config, async (request) => (await currentUser(ctx, cookie, request)) !== null);
  // Routes are registered from their contracts (src/common/api), which the API document lists.
  registerContractCompilers(app, { checkAnswers: config.CHECK_ANSWERS });
  await registerApiDocs(app, { cookieName: cookie.name, extraSchemas: socketMessageSchemas });
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
  registerReplayRoutes(app, context);
  registerQuestRoutes(app, context);
  registerModerationRoutes(app, context);
  registerPeopleRoutes(app, context);
  const gateway = await registerRealtime(app, ctx, gatewayHooks(app, ctx, cookie), realtime);
  registerChatSocket(gateway);
  // PvP: battles run as rooms in this process; the matcher pairs the queue (src/server/pvp).
  const pvp = await startPvp(ctx, gateway, { ...pvpOptions, tuning: { countStatements: counting, ...pvpOptions?.tuning } });
  app.decorate('pvp', pvp.host);
  app.addHook('preClose', async () => pvp.stop());
  registerPvpRoutes(app, context, pvp.actions);
  registerChallengeRoutes(app, context, pvp.challenges);
  app.decorate('challenges', pvp.challenges);
  registerOperations(app, { ctx, gateway, rooms: pvp.host, outbox, pool, registry: metrics, closing });
  registerAssetRoutes(app, context);

  await registerClientFiles(app, clientDir);
  return app;
}
