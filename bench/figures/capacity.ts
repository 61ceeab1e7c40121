import { loadavg } from 'node:os';
import { startNginx } from '../../tests/helpers/nginx';
import type { Figure } from '../lib/figure';
import { createScratchDatabase, type ScratchDatabase } from '../lib/db';
import { namedUrl, sampleConnections } from '../lib/pg-connections';
import { cpuMs } from '../lib/proc';
import { readRedisCounters, startPrivateRedis, trafficPerPlayer, type TrafficPerPlayer } from '../lib/redis-traffic';
import { cookieOf, seedPlayers, type SeededPlayer } from '../lib/seed';
import { runLoad, startGameServer, type Proc } from '../lib/server';
import { round } from '../lib/stats';

/** The targets a count of players must meet (README 'Capacity'). */
const HTTP_P95_MS = 100;
const MOVE_P95_MS = 50;
/** A series of rising counts starts no new step after this long, so the section ends within 6 minutes. */
const SERIES_BUDGET_MS = 140_000;
/** Players per loopback address (bench/lib/loopback.ts): under deploy/nginx.conf's limit_conn of 256 with a socket and a few HTTP connections each. */
const PER_ADDRESS = 20;

interface Step {
  players: number;
  requests: number;
  httpP95: number;
  moveP95: number;
  moves: number;
  errors: Record<string, number>;
  /** Cores the game's processes used over the run (CPU seconds per second), and their RSS at the end, MiB. */
  cores: number;
  /** CPU seconds the game's processes spent over the step, and the step's length in seconds. */
  cpuSeconds: number;
  seconds: number;
  rssMiB: number;
  /** Redis traffic per player-second over the step (its counters before and after). */
  redis: TrafficPerPlayer;
  /** The most PostgreSQL connections each instance held at once during the step. */
  pgConnections: number[];
  /** The machine's 1-minute load average at the end of the step (it is shared). */
  load: number;
  met: boolean;
}

interface MixedResult {
  requests: number;
  httpP95: number;
  moves: { moves: number; p95: number };
  errors: Record<string, number>;
}

interface Stage {
  base: string;
  servers: Proc[];
  /** Their application_name on PostgreSQL, in the order of `servers`. */
  names: string[];
  tls: boolean;
}

/**
 * Runs the mixed load at each count in turn, stopping after the first count that misses a
 * target (or once SERIES_BUDGET_MS has passed). Each step has players of its own, so none
 * starts on a cooldown of the step before.
 */
async function rising(stage: Stage, db: ScratchDatabase, redisUrl: string, pool: SeededPlayer[], counts: number[], durationMs: number, untilMissed = true): Promise<Step[]> {
  const { base, servers, names, tls } = stage;
  const steps: Step[] = [];
  let next = 0;
  const seriesStarted = Date.now();
  for (const count of counts) {
    if (Date.now() - seriesStarted > SERIES_BUDGET_MS) {
      console.log(`   capacity: time budget spent before ${count} players`);
      break;
    }
    const players = pool.slice(next, next + count);
    next += count;
    const cpuBefore = servers.map((s) => cpuMs(s.pid));
    const redisBefore = await readRedisCounters(redisUrl);
    const connections = sampleConnections(db);
    const started = Date.now();
    const result = await runLoad<MixedResult>(
      'bench/load/mixed-players.ts',
      { base, players: players.map((p) => ({ cookie: cookieOf(p.token), characterId: p.characterId })), durationMs, duelShare: 0.1, perAddress: PER_ADDRESS },
      durationMs + 180_000,
      tls ? { NODE_TLS_REJECT_UNAUTHORIZED: '0' } : {},
    );
    const seconds = (Date.now() - started) / 1000;
    const redis = trafficPerPlayer(redisBefore, await readRedisCounters(redisUrl), seconds, count);
    const held = await connections.stop();
    const cores = servers.reduce((sum, s, i) => sum + (cpuMs(s.pid) - cpuBefore[i]!) / 1000, 0) / seconds;
    const errorCount = Object.values(result.errors).reduce((a, b) => a + b, 0);
    const moveP95 = result.moves.moves > 0 ? result.moves.p95 : 0;
    const step: Step = {
      players: count,
      requests: result.requests,
      httpP95: round(result.httpP95, 1),
      moveP95: round(moveP95, 1),
      moves: result.moves.moves,
      errors: result.errors,
      cores: round(cores, 2),
      cpuSeconds: round(cores * seconds, 2),
      seconds: round(seconds, 1),
      rssMiB: round(servers.reduce((sum, s) => sum + s.rss(), 0) / 2 ** 20, 0),
      redis,
      pgConnections: names.map((name) => held[name] ?? 0),
      load: round(loadavg()[0]!, 1),
      met: result.httpP95 <= HTTP_P95_MS && moveP95 <= MOVE_P95_MS && errorCount === 0,
    };
    steps.push(step);
    const errorsText = errorCount ? ` (${Object.entries(result.errors).slice(0, 3).map(([what, n]) => `${n}× ${what}`).join('; ')})` : '';
    console.log(
      `   capacity ${servers.length === 1 ? 'one instance' : 'two behind nginx'}: ${count} players: HTTP p95 ${step.httpP95} ms, move p95 ${step.moveP95} ms (${step.moves}), ${errorCount} errors${errorsText}, ${step.cores} cores, ${step.rssMiB} MiB, Redis ${round(redis.commands, 2)} commands/player/s, PostgreSQL connections ${step.pgConnections.join('+')}, load average ${step.load}`,
    );
    if (!step.met && untilMissed) break;
  }
  return steps;
}

const held = (steps: Step[]) => [...steps].reverse().find((s) => s.met);
const describe = (s: Step | undefined) =>
  s ? `${s.players.toLocaleString('en')} players: HTTP p95 ${s.httpP95} ms, move p95 ${s.moveP95} ms, 0 errors; ${s.cores} cores, ${s.rssMiB} MiB RSS, PostgreSQL connections ${s.pgConnections.join(' + ')}` : 'none of the counts tried';
const missed = (steps: Step[]) => {
  const s = steps.find((x) => !x.met);
  if (!s) return '';
  const errors = Object.values(s.errors).reduce((a, b) => a + b, 0);
  return `; next step ${s.players.toLocaleString('en')}: HTTP p95 ${s.httpP95} ms, move p95 ${s.moveP95} ms, ${errors} errors, load average ${s.load}`;
};
const describeTraffic = (t: TrafficPerPlayer) =>
  `${round(t.commands, 2)} commands, ${Math.round(t.inBytes)} B in and ${Math.round(t.outBytes)} B out per player per second (${t.top.map(([name, r]) => `${name} ${round(r, 2)}`).join(', ')})`;

/**
 * How many players one instance holds (and two behind deploy/nginx.conf), on PostgreSQL + Redis:
 * the mixed load of bench/load/mixed-players.ts at rising counts, each for `durationMs`, until a
 * count misses HTTP p95 ≤ 100 ms, move p95 ≤ 50 ms or has an error. Redis is one of the bench's
 * own when redis-server is installed, so its counters hold the game's traffic alone.
 */
export async function capacityFigures(env: Record<string, string>, counts: number[], durationMs: number, costPlayers: number): Promise<Figure[]> {
  const db = await createScratchDatabase();
  const privateRedis = await startPrivateRedis();
  const redisUrl = privateRedis?.url ?? env.REDIS_URL;
  if (!redisUrl) throw new Error('the capacity figure needs Redis: redis-server installed, or REDIS_URL');
  const gameEnv = { ...env, REDIS_URL: redisUrl };
  try {
    const perRun = counts.reduce((a, b) => a + b, 0);
    const players = await seedPlayers(db, { count: 2 * perRun + costPlayers, prefix: 'cap' });
    const one = await startGameServer({ ...gameEnv, DATABASE_URL: namedUrl(db.url, 'ga-bench-one') });
    const alone: Stage = { base: one.base, servers: [one], names: ['ga-bench-one'], tls: false };
    let single: Step[];
    let cost: Step;
    try {
      single = await rising(alone, db, redisUrl, players, counts, durationMs);
      // What the load costs the instance per player, whatever the latency: CPU and memory.
      cost = (await rising(alone, db, redisUrl, players.slice(2 * perRun), [costPlayers], durationMs, false))[0]!;
    } finally {
      await one.stop();
    }
    const proxied = (name: string) => ({ ...gameEnv, DATABASE_URL: namedUrl(db.url, name), TRUST_PROXY: '1' });
    const [a, b] = [await startGameServer(proxied('ga-bench-a')), await startGameServer(proxied('ga-bench-b'))];
    let pair: Step[];
    try {
      const proxy = await startNginx([a.port, b.port]);
      try {
        pair = await rising({ base: proxy.url, servers: [a, b], names: ['ga-bench-a', 'ga-bench-b'], tls: true }, db, redisUrl, players.slice(perRun), counts, durationMs);
      } finally {
        await proxy.stop();
      }
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    const [singleHeld, pairHeld] = [held(single), held(pair)];
    const widest = pair.at(-1)!;
    const redisNote = privateRedis ? 'a Redis of the bench alone' : 'the shared Redis of REDIS_URL (other work on it counts too)';
    return [
      {
        id: 'capacity.one',
        figure: 'Capacity: players one instance holds (mixed load, HTTP p95 ≤ 100 ms, move p95 ≤ 50 ms, no error)',
        ours: describe(singleHeld) + missed(single),
        baseline: '—',
        ratio: null,
        target: '—',
        met: null,
        data: single,
      },
      {
        id: 'capacity.two',
        figure: 'Capacity: players two instances hold behind deploy/nginx.conf (same load and targets)',
        ours: describe(pairHeld) + missed(pair),
        baseline: `one instance: ${singleHeld?.players.toLocaleString('en') ?? '—'} players`,
        ratio: singleHeld && pairHeld ? round(pairHeld.players / singleHeld.players, 2) : null,
        target: '—',
        met: null,
        data: pair,
      },
      {
        id: 'capacity.cost',
        figure: `Capacity: what ${costPlayers.toLocaleString('en')} players of the mixed load cost one instance`,
        ours: `${round(cost.cores, 2)} cores (${round((cost.cores / costPlayers) * 1000, 2)} ms of CPU per player-second, about ${Math.round(costPlayers / Math.max(cost.cores, 0.01)).toLocaleString('en')} players per core by CPU); RSS ${cost.rssMiB} MiB; at most ${cost.pgConnections[0]} PostgreSQL connections; HTTP p95 ${cost.httpP95} ms, move p95 ${cost.moveP95} ms at load average ${cost.load}`,
        baseline: '—',
        ratio: null,
        target: '—',
        met: null,
        data: cost,
      },
      {
        id: 'capacity.redis',
        figure: 'Capacity: Redis traffic per player (mixed load; INFO stats and commandstats before and after a step)',
        ours: `one instance, ${costPlayers.toLocaleString('en')} players: ${describeTraffic(cost.redis)}; two instances, ${widest.players.toLocaleString('en')} players: ${describeTraffic(widest.redis)}`,
        baseline: '—',
        ratio: null,
        target: '—',
        met: null,
        note: `Counted on ${redisNote}; bytes out include every pub/sub delivery to the instances.`,
        data: { one: cost.redis, two: widest.redis },
      },
    ];
  } finally {
    await privateRedis?.stop();
    await db.drop();
  }
}
