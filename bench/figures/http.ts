import type { Figure } from '../lib/figure';
import { createScratchDatabase } from '../lib/db';
import { cookieOf, seedPlayers } from '../lib/seed';
import { runLoad, startBaseline, startGameServer } from '../lib/server';
import { round } from '../lib/stats';

interface LoadResult {
  requests: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  durationS: number;
}

const CONNECTIONS = 100;

/** SQL statements the server has sent so far, from its /metrics (transaction control aside). */
async function statementsOf(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('ga_db_statements_total '));
  return line ? Number(line.split(' ')[1]) : Number.NaN;
}

/** Targets of the hot paths (issue: hot paths), as a share of bare node:http. */
const TARGETS: Record<string, { ratio: number; p99?: number }> = {
  user: { ratio: 0.5, p99: 25 },
  characters: { ratio: 0.3 },
  battle: { ratio: 0.08 },
};

function targetText(id: string): string {
  const t = TARGETS[id];
  return t ? `≥ ${t.ratio} of bare${t.p99 ? `, p99 ≤ ${t.p99} ms` : ''}` : '—';
}

function targetMet(id: string, ratio: number, r: LoadResult): boolean | null {
  const t = TARGETS[id];
  if (r.non2xx > 0) return false;
  if (!t) return null;
  return ratio >= t.ratio && (t.p99 === undefined || r.p99 <= t.p99);
}

/**
 * Figure 1: authenticated routes under autocannon (100 connections, a separate process)
 * against a bare node:http server answering a fixed JSON body, measured in the same run.
 */
export async function httpFigures(env: Record<string, string>, durationS: number, battlePlayers: number): Promise<Figure[]> {
  const db = await createScratchDatabase();
  const figures: Figure[] = [];
  try {
    const readers = await seedPlayers(db, { count: 1000, prefix: 'h', levels: 'spread' });
    const fighters = await seedPlayers(db, { count: battlePlayers, prefix: 'f' });
    // Players of the battle warm-up: each may fight once, like the measured ones.
    const warmers = await seedPlayers(db, { count: Math.ceil(battlePlayers / 3), prefix: 'w' });
    const bare = await startBaseline('bench/baselines/bare-http.ts');
    let bareResult: LoadResult;
    try {
      // A short warm-up, then the measured run.
      await runLoad<LoadResult>('bench/load/http.ts', { url: `${bare.base}/`, method: 'GET', players: [{}], connections: CONNECTIONS, duration: 2 });
      bareResult = await runLoad<LoadResult>('bench/load/http.ts', {
        url: `${bare.base}/`,
        method: 'GET',
        players: [{}],
        connections: CONNECTIONS,
        duration: durationS,
      });
    } finally {
      await bare.stop();
    }
    figures.push({
      id: 'http.bare',
      figure: 'HTTP bare node:http fixed JSON (baseline)',
      ours: `${round(bareResult.reqPerSec, 0)} req/s, p50 ${bareResult.p50} ms, p99 ${bareResult.p99} ms`,
      baseline: '—',
      ratio: null,
      target: '—',
      met: null,
      data: bareResult,
    });

    const server = await startGameServer({ DATABASE_URL: db.url, ...env });
    try {
      const cookies = readers.map((p) => ({ cookie: cookieOf(p.token) }));
      const routes: { path: string; id: string }[] = [
        { path: '/api/user', id: 'user' },
        { path: '/api/characters', id: 'characters' },
        { path: '/api/leaderboard', id: 'leaderboard' },
      ];
      for (const route of routes) {
        await runLoad<LoadResult>('bench/load/http.ts', { url: server.base + route.path, method: 'GET', players: cookies, connections: CONNECTIONS, duration: 2 });
        const before = await statementsOf(server.base);
        const r = await runLoad<LoadResult>('bench/load/http.ts', {
          url: server.base + route.path,
          method: 'GET',
          players: cookies,
          connections: CONNECTIONS,
          duration: durationS,
        });
        const perRequest = ((await statementsOf(server.base)) - before) / Math.max(1, r.requests);
        const ratio = r.reqPerSec / bareResult.reqPerSec;
        figures.push({
          id: `http.${route.id}`,
          figure: `HTTP GET ${route.path} (100 conn)`,
          ours: `${round(r.reqPerSec, 0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${round(perRequest, 2)} statements/request${r.non2xx ? `, ${r.non2xx} non-2xx` : ''}`,
          baseline: `${round(bareResult.reqPerSec, 0)} req/s, p99 ${bareResult.p99} ms`,
          ratio: round(ratio, 3),
          target: targetText(route.id),
          met: targetMet(route.id, ratio, r),
          data: { ...r, statementsPerRequest: perRequest },
        });
      }
      // POST /api/battle: every request a different player, so no cooldown refuses one; a short
      // warm-up with other players first, as for the reads.
      const bodyOf = (p: (typeof fighters)[number]) => ({ cookie: cookieOf(p.token), body: JSON.stringify({ characterId: p.characterId }) });
      const warm = warmers.map(bodyOf);
      await runLoad<LoadResult>('bench/load/http.ts', { url: `${server.base}/api/battle`, method: 'POST', players: warm, connections: CONNECTIONS, amount: warm.length });
      const bodies = fighters.map(bodyOf);
      const before = await statementsOf(server.base);
      const r = await runLoad<LoadResult>('bench/load/http.ts', {
        url: `${server.base}/api/battle`,
        method: 'POST',
        players: bodies,
        connections: CONNECTIONS,
        amount: bodies.length,
      });
      const perBattle = ((await statementsOf(server.base)) - before) / Math.max(1, r.requests);
      const ratio = r.reqPerSec / bareResult.reqPerSec;
      figures.push({
        id: 'http.battle',
        figure: `HTTP POST /api/battle (100 conn, ${bodies.length} players)`,
        ours: `${round(r.reqPerSec, 0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${round(perBattle, 2)} statements/request (domain events handled after the answer included)${r.non2xx ? `, ${r.non2xx} non-2xx` : ''}`,
        baseline: `${round(bareResult.reqPerSec, 0)} req/s, p99 ${bareResult.p99} ms`,
        ratio: round(ratio, 3),
        target: targetText('battle'),
        met: targetMet('battle', ratio, r),
        data: { ...r, statementsPerRequest: perBattle },
      });
    } finally {
      await server.stop();
    }
  } finally {
    await db.drop();
  }
  return figures;
}
