import type { Figure } from '../lib/figure';
import { createScratchDatabase } from '../lib/db';
import { cookieOf, seedPlayers } from '../lib/seed';
import { runLoad, startGameServer } from '../lib/server';
import { round } from '../lib/stats';

type Timings = Record<string, { median: number; p95: number; bytes: number }>;

const QUERIES: { path: string; label: string }[] = [
  { path: '/api/leaderboard', label: 'leaderboard' },
  { path: '/api/rankings?category=overall&limit=100', label: 'rankings (overall, 100)' },
  { path: '/api/rankings?category=level&limit=20', label: 'rankings (level, 20)' },
  // The first page in the default order (newest, 24 listings), as the marketplace screen opens.
  { path: '/api/marketplace', label: 'marketplace listing' },
  { path: '/api/chat/messages', label: 'chat history' },
];

/** One database of `players` seeded players (10 % listed, one chat message each), timed through HTTP. */
async function measure(env: Record<string, string>, players: number): Promise<Timings> {
  const db = await createScratchDatabase();
  try {
    const seeded = await seedPlayers(db, { count: players, prefix: 'g', levels: 'spread', listed: 0.1, chatPerPlayer: 1 });
    const server = await startGameServer({ DATABASE_URL: db.url, ...env });
    try {
      return await runLoad<Timings>('bench/load/latency.ts', {
        base: server.base,
        cookie: cookieOf(seeded[0]!.token),
        paths: QUERIES.map((q) => q.path),
        requests: 60,
      });
    } finally {
      await server.stop();
    }
  } finally {
    await db.drop();
  }
}

/** Figure 5: query times with few and with many players; the ratio shows whether cost grows with the data. */
export async function growthFigures(env: Record<string, string>, [small, large]: [number, number]): Promise<Figure[]> {
  const few = await measure(env, small);
  const many = await measure(env, large);
  return QUERIES.map(({ path, label }) => {
    const a = few[path]!;
    const b = many[path]!;
    const ratio = b.median / a.median;
    return {
      id: `growth.${label}`,
      figure: `Growth: ${label}, median at ${large.toLocaleString('en')} vs ${small.toLocaleString('en')} players`,
      ours: `${round(b.median, 2)} ms (p95 ${round(b.p95, 2)}, ${round(b.bytes / 1024, 1)} KiB)`,
      baseline: `${round(a.median, 2)} ms (p95 ${round(a.p95, 2)}, ${round(a.bytes / 1024, 1)} KiB)`,
      ratio: round(ratio, 2),
      target: '≤ 2× (flat)',
      met: ratio <= 2,
      data: { few: a, many: b },
    };
  });
}
