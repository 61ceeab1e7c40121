import type { Figure } from '../lib/figure';
import { createScratchDatabase } from '../lib/db';
import { cookieOf, seedPlayers } from '../lib/seed';
import { settledRss } from '../lib/proc';
import { startBaseline, startGameServer, startHolder, type Proc } from '../lib/server';
import { round } from '../lib/stats';

async function perConnection(proc: Proc, cookies: (string | null)[]): Promise<{ before: number; after: number; perConn: number; openMs: number }> {
  const before = await settledRss(proc);
  const holder = startHolder('bench/load/ws-idle.ts', { base: proc.base, cookies });
  try {
    const { opened, ms } = await holder.next<{ opened: number; ms: number }>('opened', 300_000);
    const after = await settledRss(proc);
    return { before, after, perConn: (after - before) / opened, openMs: ms };
  } finally {
    await holder.stop();
  }
}

/** Figure 2: memory per idle authenticated socket on our gateway against a bare `ws` server. */
export async function wsMemoryFigures(env: Record<string, string>, count: number): Promise<Figure[]> {
  const bare = await startBaseline('bench/baselines/bare-ws.ts');
  let bareResult;
  try {
    bareResult = await perConnection(bare, Array.from({ length: count }, () => null));
  } finally {
    await bare.stop();
  }
  const db = await createScratchDatabase();
  try {
    const players = await seedPlayers(db, { count, prefix: 'w' });
    const server = await startGameServer({ DATABASE_URL: db.url, ...env });
    try {
      // Warm the server (code paths, pools) with a few sockets first, so the delta is the sockets'.
      const warm = startHolder('bench/load/ws-idle.ts', { base: server.base, cookies: players.slice(0, 50).map((p) => cookieOf(p.token)) });
      await warm.next('opened');
      await warm.stop();
      const ours = await perConnection(server, players.map((p) => cookieOf(p.token)));
      const ratio = ours.perConn / bareResult.perConn;
      const kib = (b: number) => `${round(b / 1024, 1)} KiB`;
      return [
        {
          id: 'ws.memory',
          figure: `WebSocket memory per idle authenticated socket (${count.toLocaleString('en')})`,
          ours: `${kib(ours.perConn)}/conn (RSS ${round(ours.before / 2 ** 20, 0)} → ${round(ours.after / 2 ** 20, 0)} MiB, opened in ${round(ours.openMs / 1000, 1)} s)`,
          baseline: `${kib(bareResult.perConn)}/conn bare ws (RSS ${round(bareResult.before / 2 ** 20, 0)} → ${round(bareResult.after / 2 ** 20, 0)} MiB)`,
          ratio: round(ratio, 2),
          target: '≤ 2× bare',
          met: ratio <= 2,
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
