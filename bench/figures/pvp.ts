import type { Figure } from '../lib/figure';
import { createScratchDatabase } from '../lib/db';
import { cookieOf, seedPlayers } from '../lib/seed';
import { runLoad, startBaseline, startGameServer } from '../lib/server';
import { round } from '../lib/stats';

interface PvpResult {
  players: number;
  matched: number;
  battles: number;
  ended: number;
  matchP50: number;
  matchMax: number;
  moves: number;
  p50: number;
  p95: number;
  turnP95: number;
  max: number;
  errors: number;
  errorTexts: Record<string, number>;
}

const THINK_MS: [number, number] = [300, 900];
const LIGHT_BATTLES = 10;

/**
 * Figure 4: `battles` concurrent real-time battles of scripted players (move round trip)
 * against the same scripted loop on a bare ws echo; and `joiners` players joining the queue
 * at once (time until all are paired).
 */
export async function pvpFigures(env: Record<string, string>, battles: number, joiners: number): Promise<Figure[]> {
  const bare = await startBaseline('bench/baselines/bare-ws.ts');
  let echo: PvpResult;
  try {
    echo = await runLoad<PvpResult>('bench/load/pvp.ts', {
      base: bare.base,
      mode: 'echo',
      players: Array.from({ length: battles * 2 }, () => ({ cookie: null, characterId: 0 })),
      thinkMs: THINK_MS,
      moves: 10,
      timeoutMs: 120_000,
    });
  } finally {
    await bare.stop();
  }
  const db = await createScratchDatabase();
  const figures: Figure[] = [];
  try {
    const light = await seedPlayers(db, { count: LIGHT_BATTLES * 2, prefix: 'pl' });
    const fighters = await seedPlayers(db, { count: battles * 2, prefix: 'pb' });
    const joining = await seedPlayers(db, { count: joiners, prefix: 'pm' });
    const server = await startGameServer({ DATABASE_URL: db.url, ...env });
    try {
      // The same scripted battles at light load: the cost of one move when nothing queues.
      const few = await runLoad<PvpResult>('bench/load/pvp.ts', {
        base: server.base,
        mode: 'battles',
        players: light.map((p) => ({ cookie: cookieOf(p.token), characterId: p.characterId })),
        thinkMs: THINK_MS,
        timeoutMs: 90_000,
      });
      figures.push({
        id: 'pvp.move.light',
        figure: `PvP move round trip, ${LIGHT_BATTLES} concurrent battles (${few.moves} moves), p95`,
        ours: `p95 ${round(few.p95, 1)} ms (p50 ${round(few.p50, 1)}), ${few.ended}/${few.players} finished`,
        baseline: `p95 ${round(echo.p95, 1)} ms bare ws echo (at ${battles} battles)`,
        ratio: round(few.p95 / echo.p95, 2),
        target: '— (reference)',
        met: null,
        data: few,
      });
      const fight = await runLoad<PvpResult>('bench/load/pvp.ts', {
        base: server.base,
        mode: 'battles',
        players: fighters.map((p) => ({ cookie: cookieOf(p.token), characterId: p.characterId })),
        thinkMs: THINK_MS,
        timeoutMs: 150_000,
      });
      figures.push({
        id: 'pvp.move',
        figure: `PvP move round trip, ${battles} concurrent battles (${fight.moves} moves), p95`,
        ours: `p95 ${round(fight.p95, 1)} ms (p50 ${round(fight.p50, 1)}; to turn change p95 ${round(fight.turnP95, 1)}), ${fight.ended}/${fight.players} finished${fight.errors ? `, ${fight.errors} refusals` : ''}`,
        baseline: `p95 ${round(echo.p95, 1)} ms bare ws echo (p50 ${round(echo.p50, 1)})`,
        ratio: round(fight.p95 / echo.p95, 2),
        target: 'p95 ≤ 20 ms',
        met: fight.p95 <= 20 && fight.ended === fight.players,
        data: { ours: fight, bare: echo },
      });
      const match = await runLoad<PvpResult>('bench/load/pvp.ts', {
        base: server.base,
        mode: 'match',
        players: joining.map((p) => ({ cookie: cookieOf(p.token), characterId: p.characterId })),
        thinkMs: THINK_MS,
        timeoutMs: 20_000,
      });
      figures.push({
        id: 'pvp.match',
        figure: `Matchmaking: ${joiners.toLocaleString('en')} players join at once, all paired`,
        ours: `${match.matched}/${match.players} paired, last after ${round(match.matchMax / 1000, 2)} s (median ${round(match.matchP50 / 1000, 2)} s)`,
        baseline: '—',
        ratio: null,
        target: 'all within 2 s',
        met: match.matched === match.players && match.matchMax <= 2000,
        data: match,
      });
    } finally {
      await server.stop();
    }
  } finally {
    await db.drop();
  }
  return figures;
}
