import type { Figure } from '../lib/figure';
import { createScratchDatabase } from '../lib/db';
import { cookieOf, seedPlayers } from '../lib/seed';
import { runLoad, startBaseline, startGameServer } from '../lib/server';
import { round } from '../lib/stats';

interface FanOut {
  deliveries: number;
  lost: number;
  p50: number;
  p95: number;
  max: number;
}

const ROUNDS = 20;

/** Figure 3: one chat message to `count` connected players, delivery latency, against a bare ws relay. */
export async function chatFigures(env: Record<string, string>, count: number): Promise<Figure[]> {
  const bare = await startBaseline('bench/baselines/bare-ws.ts');
  let bareResult: FanOut;
  try {
    bareResult = await runLoad<FanOut>('bench/load/chat-fanout.ts', { base: bare.base, cookies: Array.from({ length: count }, () => null), rounds: ROUNDS });
  } finally {
    await bare.stop();
  }
  const db = await createScratchDatabase();
  try {
    const players = await seedPlayers(db, { count, prefix: 'c' });
    const server = await startGameServer({ DATABASE_URL: db.url, ...env });
    try {
      const ours = await runLoad<FanOut>('bench/load/chat-fanout.ts', { base: server.base, cookies: players.map((p) => cookieOf(p.token)), rounds: ROUNDS });
      return [
        {
          id: 'chat.fanout',
          figure: `Chat fan-out: 1 message to ${count.toLocaleString('en')} sockets, p95 delivery (${ROUNDS} messages)`,
          ours: `p95 ${round(ours.p95, 1)} ms (p50 ${round(ours.p50, 1)}, max ${round(ours.max, 1)}), ${ours.lost} lost`,
          baseline: `p95 ${round(bareResult.p95, 1)} ms bare ws relay (p50 ${round(bareResult.p50, 1)})`,
          ratio: round(ours.p95 / bareResult.p95, 2),
          target: 'p95 ≤ 100 ms',
          met: ours.p95 <= 100 && ours.lost === 0,
          data: { ours, bare: bareResult },
        },
      ];
    } finally {
      await server.stop();
    }
  } finally {
    await db.drop();
  }
}
