import { loadavg } from 'node:os';
import { startNginx } from '../../tests/helpers/nginx';
import type { Figure } from '../lib/figure';
import { createScratchDatabase } from '../lib/db';
import { cpuMs } from '../lib/proc';
import { cookieOf, seedPlayers, type SeededPlayer } from '../lib/seed';
import { runLoad, startGameServer, type Proc } from '../lib/server';
import { round } from '../lib/stats';

/** The targets a count of players must meet (README 'Capacity'). */
const HTTP_P95_MS = 100;
const MOVE_P95_MS = 50;

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

/**
 * Runs the mixed load at each count in turn, stopping after the first count that misses a
 * target. Each step has players of its own, so none starts on a cooldown of the step before.
 */
async function rising(base: string, servers: Proc[], pool: SeededPlayer[], counts: number[], durationMs: number, tls: boolean, untilMissed = true): Promise<Step[]> {
  const steps: Step[] = [];
  let next = 0;
  for (const count of counts) {
    const players = pool.slice(next, next + count);
    next += count;
    const cpuBefore = servers.map((s) => cpuMs(s.pid));
    const started = Date.now();
    const result = await runLoad<MixedResult>(
      'bench/load/mixed-players.ts',
      { base, players: players.map((p) => ({ cookie: cookieOf(p.token), characterId: p.characterId })), durationMs, duelShare: 0.1 },
      durationMs + 180_000,
      tls ? { NODE_TLS_REJECT_UNAUTHORIZED: '0' } : {},
    );
    const seconds = (Date.now() - started) / 1000;
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
      load: round(loadavg()[0]!, 1),
      met: result.httpP95 <= HTTP_P95_MS && moveP95 <= MOVE_P95_MS && errorCount === 0,
    };
    steps.push(step);
    console.log(`   capacity ${servers.length === 1 ? 'one instance' : 'two behind nginx'}: ${count} players: HTTP p95 ${step.httpP95} ms, move p95 ${step.moveP95} ms (${step.moves}), ${errorCount} errors, ${step.cores} cores, ${step.rssMiB} MiB, load average ${step.load}`);
    if (!step.met && untilMissed) break;
  }
  return steps;
}

const held = (steps: Step[]) => [...steps].reverse().find((s) => s.met);
const describe = (s: Step | undefined) => (s ? `${s.players.toLocaleString('en')} players: HTTP p95 ${s.httpP95} ms, move p95 ${s.moveP95} ms, 0 errors; ${s.cores} cores, ${s.rssMiB} MiB RSS` : 'none of the counts tried');

/**
 * How many players one instance holds (and two behind deploy/nginx.conf), on PostgreSQL + Redis:
 * the mixed load of bench/load/mixed-players.ts at rising counts, each for `durationMs`, until a
 * count misses HTTP p95 ≤ 100 ms, move p95 ≤ 50 ms or has an error.
 */
export async function capacityFigures(env: Record<string, string>, counts: number[], durationMs: number, costPlayers: number): Promise<Figure[]> {
  const db = await createScratchDatabase();
  try {
    const perRun = counts.reduce((a, b) => a + b, 0);
    const players = await seedPlayers(db, { count: 2 * perRun + costPlayers, prefix: 'cap' });
    const one = await startGameServer({ DATABASE_URL: db.url, ...env });
    let single: Step[];
    let cost: Step;
    try {
      single = await rising(one.base, [one], players, counts, durationMs, false);
      // What the load costs the instance per player, whatever the latency: CPU and memory.
      cost = (await rising(one.base, [one], players.slice(2 * perRun), [costPlayers], durationMs, false, false))[0]!;
    } finally {
      await one.stop();
    }
    const proxied = { DATABASE_URL: db.url, TRUST_PROXY: '1', ...env };
    const [a, b] = [await startGameServer(proxied), await startGameServer(proxied)];
    let pair: Step[];
    try {
      const proxy = await startNginx([a.port, b.port]);
      try {
        pair = await rising(proxy.url, [a, b], players.slice(perRun), counts, durationMs, true);
      } finally {
        await proxy.stop();
      }
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    const [singleHeld, pairHeld] = [held(single), held(pair)];
    return [
      {
        id: 'capacity.one',
        figure: 'Capacity: players one instance holds (mixed load, HTTP p95 ≤ 100 ms, move p95 ≤ 50 ms, no error)',
        ours: describe(singleHeld),
        baseline: '—',
        ratio: null,
        target: '—',
        met: null,
        data: single,
      },
      {
        id: 'capacity.two',
        figure: 'Capacity: players two instances hold behind deploy/nginx.conf (same load and targets)',
        ours: describe(pairHeld),
        baseline: `one instance: ${singleHeld?.players.toLocaleString('en') ?? '—'} players`,
        ratio: singleHeld && pairHeld ? round(pairHeld.players / singleHeld.players, 2) : null,
        target: '—',
        met: null,
        data: pair,
      },
      {
        id: 'capacity.cost',
        figure: `Capacity: what ${costPlayers.toLocaleString('en')} players of the mixed load cost one instance`,
        ours: `${round(cost.cores, 2)} cores (${round((cost.cores / costPlayers) * 1000, 2)} ms of CPU per player-second, about ${Math.round(costPlayers / cost.cores).toLocaleString('en')} players per core by CPU); RSS ${cost.rssMiB} MiB; HTTP p95 ${cost.httpP95} ms, move p95 ${cost.moveP95} ms at load average ${cost.load}`,
        baseline: '—',
        ratio: null,
        target: '—',
        met: null,
        data: cost,
      },
    ];
  } finally {
    await db.drop();
  }
}
