import { DEFAULT_SHUTDOWN_SPREAD_MS } from '../../src/server/config';
import type { Figure } from '../lib/figure';
import { createScratchDatabase } from '../lib/db';
import { cookieOf, seedPlayers } from '../lib/seed';
import { startGameServer, startHolder } from '../lib/server';
import { busiest, countBySecond, percentile, round } from '../lib/stats';

interface Burst {
  /** Reconnect attempts in the busiest 100 ms and the busiest second. */
  peak100ms: number;
  peak1s: number;
  /** From the stop to the first and the last page online again, ms. */
  firstMs: number;
  lastMs: number;
  /** From the stop to the first and the last reconnect attempt, ms. */
  attemptsFromMs: number;
  attemptsToMs: number;
  /** A reconnect's handshake at the receiving instance (attempt to open), p50 and p99 ms. */
  handshakeP50: number;
  handshakeP99: number;
  /** From the stop to a page online again, p50 and p99 ms. */
  onlineP50: number;
  onlineP99: number;
  /** Reconnect attempts that failed (refused, or closed before opening), and all attempts. */
  failed: number;
  attempts: number;
  /** Reconnect attempts in each second after the stop. */
  perSecond: number[];
  /** Why attempts failed, counted by the error each gave. */
  failures: Record<string, number>;
}

/** Load processes holding the pages. */
const HOLDERS = 4;

interface HolderResult {
  attempts: number[];
  backOnline: number[];
  handshakes: number[];
  failed: number;
  failures: Record<string, number>;
}

const split = <T>(items: T[], parts: number): T[][] => Array.from({ length: parts }, (_, k) => items.filter((_, i) => i % parts === k));

/**
 * One deploy step: `count` pages on instance A, A stopped with SIGTERM, every page reconnects to
 * B. `before`: A closes every socket at once, pages retry on a fixed 3 s and B listens with
 * Node's default backlog (511); `after`: A spreads its closes over the default
 * SHUTDOWN_SPREAD_MS, pages retry 3-6 s after, backing off, and B's backlog is LISTEN_BACKLOG's.
 */
async function deployStep(env: Record<string, string>, cookies: string[], before: boolean): Promise<Burst> {
  const b = await startGameServer({ ...env, ...(before ? { LISTEN_BACKLOG: '511' } : {}) });
  // Before: every socket closed at once, and Node's default listen backlog (511) on the
  // instance that takes them. After: the game's defaults.
  const a = await startGameServer({ ...env, SHUTDOWN_SPREAD_MS: before ? '0' : String(DEFAULT_SHUTDOWN_SPREAD_MS) });
  // The pages live in several load processes, as real pages live on many machines: one process
  // starved of CPU would clump its timers and cap the burst at what it can open.
  const holders = split(cookies, HOLDERS).map((part) => startHolder('bench/load/ws-reconnect.ts', { first: a.base, then: b.base, cookies: part, fixed: before }));
  try {
    await Promise.all(holders.map((h) => h.next('opened', 300_000)));
    const stoppedAt = Date.now();
    for (const h of holders) h.tell({ stoppedAt });
    await a.stop();
    const parts = await Promise.all(holders.map((h) => h.next<HolderResult>('reconnected', 120_000)));
    const result = {
      attempts: parts.flatMap((p) => p.attempts),
      backOnline: parts.flatMap((p) => p.backOnline),
      handshakes: parts.flatMap((p) => p.handshakes),
      failed: parts.reduce((n, p) => n + p.failed, 0),
      failures: parts.reduce<Record<string, number>>((all, p) => {
        for (const [why, n] of Object.entries(p.failures)) all[why] = (all[why] ?? 0) + n;
        return all;
      }, {}),
    };
    return {
      peak100ms: busiest(result.attempts, 100),
      peak1s: busiest(result.attempts, 1000),
      perSecond: countBySecond(result.attempts),
      firstMs: Math.round(Math.min(...result.backOnline)),
      lastMs: Math.round(Math.max(...result.backOnline)),
      failed: result.failed,
      failures: result.failures,
      attempts: result.attempts.length,
      attemptsFromMs: Math.round(Math.min(...result.attempts)),
      attemptsToMs: Math.round(Math.max(...result.attempts)),
      handshakeP50: round(percentile(result.handshakes, 50), 0),
      handshakeP99: round(percentile(result.handshakes, 99), 0),
      onlineP50: round(percentile(result.backOnline, 50), 0),
      onlineP99: round(percentile(result.backOnline, 99), 0),
    };
  } finally {
    await Promise.all(holders.map((h) => h.stop()));
    await a.stop();
    await b.stop();
  }
}

/** The reconnect burst of a deploy with `count` sockets, before and after the jitter and the spread close. */
export async function reconnectFigures(env: Record<string, string>, count: number): Promise<Figure[]> {
  const db = await createScratchDatabase();
  try {
    const players = await seedPlayers(db, { count, prefix: 'rc' });
    const cookies = players.map((p) => cookieOf(p.token));
    const gameEnv = { DATABASE_URL: db.url, ...env };
    const before = await deployStep(gameEnv, cookies, true);
    const after = await deployStep(gameEnv, cookies, false);
    const why = (r: Burst) => Object.entries(r.failures).map(([reason, n]) => `${n} ${reason}`).join(', ');
    const describe = (r: Burst) =>
      `peak ${r.peak1s.toLocaleString('en')} reconnects in 1 s (${r.peak100ms.toLocaleString('en')} in 100 ms), attempts from ${round(r.attemptsFromMs / 1000, 1)} to ${round(r.attemptsToMs / 1000, 1)} s; handshake p50 ${r.handshakeP50} ms, p99 ${r.handshakeP99} ms; all back in ${round(r.lastMs / 1000, 1)} s; ${r.failed} failed attempts${r.failed ? ` (${why(r)})` : ''}`;
    return [
      {
        id: 'ws.reconnect',
        figure: `Reconnect burst of a deploy: ${count.toLocaleString('en')} sockets move to the other instance`,
        ours: describe(after),
        baseline: `before (fixed 3 s retry, all closed at once): ${describe(before)}`,
        ratio: round(after.peak1s / before.peak1s, 2),
        target: 'busiest second ≤ 0.2× before, no failed attempt',
        met: after.peak1s <= before.peak1s * 0.2 && after.failed === 0,
        note: `SIGTERM to instance A with every socket on it; pages use the game's socket client (src/client/lib/ws-client.ts) in four load processes and reconnect to instance B; attempts counted at the clients. Before: A closes every socket at once, pages retry on a fixed 3 s, B listens with Node's backlog of 511; after: the defaults (SHUTDOWN_SPREAD_MS ${DEFAULT_SHUTDOWN_SPREAD_MS}, LISTEN_BACKLOG 4096, retry 3-6 s then backoff).`,
        data: { before, after },
      },
    ];
  } finally {
    await db.drop();
  }
}
