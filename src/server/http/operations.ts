import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, type Registry, collectDefaultMetrics } from 'prom-client';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { migrationsBehind, rowsOf, statementsSoFar, uncounted } from '../db/client';
import type { Bus } from '../bus/bus';
import type { Gateway } from '../realtime/gateway';
import type { RoomHost } from '../pvp/host/room-host';
import type { Outbox } from '../services/outbox';
import { registerGameMetrics } from './game-metrics';

export interface OperationsOptions {
  ctx: AppContext;
  gateway: Gateway;
  rooms: RoomHost;
  outbox: Outbox;
  /** PostgreSQL's pool figures, when the database is PostgreSQL. */
  pool?: () => { total: number; idle: number; waiting: number };
  /** The app's registry (`timedBus` has added to it already). */
  registry: Registry;
  /** True once the app has begun to close (`closingFlag`). */
  closing: () => boolean;
}

/**
 * Raised when the instance starts to wind down (SIGTERM, or the app closing): /readyz answers 503
 * from then on, so a load balancer stops sending players here while open work finishes.
 */
export function closingFlag(app: FastifyInstance): () => boolean {
  let closing = false;
  app.decorate('startDraining', () => {
    closing = true;
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  return () => closing;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Marks the instance as going away: not ready from now on (main calls it at SIGTERM). */
    startDraining(): void;
  }
}

/** The bus with every publish timed into `ga_bus_publish_seconds` of the registry. */
export function timedBus(bus: Bus, registry: Registry): Bus {
  const publishes = new Histogram({
    name: 'ga_bus_publish_seconds',
    help: 'Time for the bus to accept an event (Redis PUBLISH, or in process)',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 2],
    registers: [registry],
  });
  return {
    ...bus,
    async publish(...args) {
      const end = publishes.startTimer();
      try {
        await bus.publish(...args);
      } finally {
        end();
      }
    },
  };
}

type Check = 'ok' | string;

const seconds = (ms: number) => ms / 1000;

/**
 * What an operator needs (DESIGN §6): `/healthz` (the process answers), `/readyz` (database,
 * migrations, Redis when configured; 503 otherwise and while shutting down) and `/metrics` in
 * Prometheus text, optionally behind METRICS_TOKEN. Each app has its own registry, so several
 * apps in one process (tests) do not share figures.
 */
export function registerOperations(app: FastifyInstance, { ctx, gateway, rooms, outbox, pool, registry, closing }: OperationsOptions): void {
  collectDefaultMetrics({ register: registry, prefix: 'ga_' });
  registerGameMetrics({ ctx, rooms, outbox, registry });

  const requests = new Histogram({
    name: 'ga_http_request_duration_seconds',
    help: 'HTTP requests by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // Unknown paths share one label, so a scanner cannot grow the series without bound.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.observe({ method: request.method, route, status: String(reply.statusCode) }, seconds(reply.elapsedTime));
  });

  new Gauge({ name: 'ga_ws_open_sockets', help: 'Open sockets on this instance', registers: [registry], collect() {
    this.set(gateway.localConnections());
  } });
  new Gauge({ name: 'ga_pvp_running_battles', help: 'PvP battles this instance runs in memory', registers: [registry], collect() {
    this.set(rooms.size);
  } });
  new Gauge({ name: 'ga_pvp_queue_length', help: 'Players waiting in the PvP queue (every instance)', registers: [registry], async collect() {
    const [row] = rowsOf<{ n: number }>(await uncounted(() => ctx.db.execute(sql`select count(*)::int as n from pvp_queue`)));
    this.set(Number(row?.n ?? 0));
  } });
  new Counter({ name: 'ga_pvp_actions_total', help: 'PvP actions applied by this instance (moves, timeouts, forfeits)', registers: [registry], collect() {
    this.reset();
    this.inc(rooms.stats.actions);
  } });
  new Counter({ name: 'ga_pvp_battles_settled_total', help: 'PvP battles ended and written by this instance', registers: [registry], collect() {
    this.reset();
    this.inc(rooms.stats.ended);
  } });
  new Counter({ name: 'ga_pvp_settle_statements_total', help: 'SQL statements the ends of those battles took (counted when COUNT_STATEMENTS is on)', registers: [registry], collect() {
    this.reset();
    this.inc(rooms.stats.endStatements);
  } });
  new Counter({ name: 'ga_db_statements_total', help: 'SQL statements sent by this process (transaction control aside)', registers: [registry], collect() {
    this.reset();
    this.inc(statementsSoFar());
  } });
  if (pool) {
    const clients = new Gauge({ name: 'ga_db_pool_clients', help: 'PostgreSQL pool connections', labelNames: ['state'] as const, registers: [registry], collect() {
      const now = pool();
      clients.set({ state: 'idle' }, now.idle);
      clients.set({ state: 'busy' }, now.total - now.idle);
      clients.set({ state: 'waiting' }, now.waiting);
    } });
  }

  app.get('/healthz', async () => ({ status: 'ok' }));

  /** The checks of readiness: the database answers, every migration is applied, Redis (when configured) answers. */
  const readiness = async (): Promise<Record<string, Check>> => {
    const checks: Record<string, Check> = {};
    const attempt = async (name: string, work: () => Promise<Check>) => {
      checks[name] = await work().catch((err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 200));
    };
    await uncounted(() =>
      Promise.all([
        attempt('database', async () => (await ctx.db.execute(sql`select 1`), 'ok')),
        attempt('migrations', async () => {
          const behind = await migrationsBehind(ctx.db);
          return behind === 0 ? 'ok' : `${behind} not applied`;
        }),
        attempt('redis', async () => {
          if (ctx.bus.kind !== 'redis') return 'ok';
          await ctx.bus.ping();
          return 'ok';
        }),
      ]),
    );
    return checks;
  };

  app.get('/readyz', async (_request, reply) => {
    const checks = await readiness();
    if (closing()) checks.shutdown = 'in progress';
    const ready = !closing() && Object.values(checks).every((c) => c === 'ok');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks });
  });

  // The same checks for Prometheus: 1 passing, 0 failing (the alerts on readiness and Redis),
  // run once per scrape for both gauges.
  let scrape: Promise<Record<string, Check>> | null = null;
  const scraped = () => (scrape ??= readiness().finally(() => setTimeout(() => (scrape = null), 0)));
  new Gauge({ name: 'ga_ready_check', help: 'Each readiness check: 1 passing, 0 failing', labelNames: ['check'] as const, registers: [registry], async collect() {
    for (const [check, result] of Object.entries(await scraped())) this.set({ check }, result === 'ok' ? 1 : 0);
  } });
  new Gauge({ name: 'ga_ready', help: '1 while /readyz answers 200 (0 failing or shutting down)', registers: [registry], async collect() {
    const checks = await scraped();
    this.set(!closing() && Object.values(checks).every((c) => c === 'ok') ? 1 : 0);
  } });

  const token = ctx.config.METRICS_TOKEN ? Buffer.from(`Bearer ${ctx.config.METRICS_TOKEN}`) : null;
  app.get('/metrics', async (request, reply) => {
    if (token) {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== token.length || !timingSafeEqual(given, token)) return reply.code(401).send({ message: 'A valid metrics token is required' });
    }
    const text = await uncounted(() => registry.metrics());
    return reply.type(registry.contentType).send(text);
  });
}
