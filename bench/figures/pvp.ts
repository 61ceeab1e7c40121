import type { Figure } from '../lib/figure';
import { createScratchDatabase } from '../lib/db';
import { cookieOf, seedPlayers, type SeededPlayer } from '../lib/seed';
import { runLoad, startBaseline, startGameServer, type Proc } from '../lib/server';
import { round } from '../lib/stats';

interface PvpResult {
  runSeconds: number;
  chatFrames: number;
  chatPerSocketPerSecond: number;
  chatPerSocketMaxInOneSecond: number;
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

/** The server's own counters (/metrics) that the bench divides by what the load did. */
interface Counters {
  statements: number;
  actions: number;
  settled: number;
  settleStatements: number;
}

const THINK_MS: [number, number] = [300, 900];
const LIGHT_BATTLES = 10;

async function counters(server: Proc): Promise<Counters> {
  const text = await (await fetch(`${server.base}/metrics`)).text();
  const value = (name: string) => Number(/^(\S+) (\S+)$/m.exec(text.split('\n').find((l) => l.startsWith(`${name} `)) ?? '')?.[2] ?? Number.NaN);
  return {
    statements: value('ga_db_statements_total'),
    actions: value('ga_pvp_actions_total'),
    settled: value('ga_pvp_battles_settled_total'),
    settleStatements: value('ga_pvp_settle_statements_total'),
  };
}

const players = (seeded: SeededPlayer[]) => seeded.map((p) => ({ cookie: cookieOf(p.token), characterId: p.characterId }));

/** Scripted real-time battles on the server, with the server's statement counts over the run. */
async function fight(server: Proc, seeded: SeededPlayer[], timeoutMs: number) {
  const before = await counters(server);
  const result = await runLoad<PvpResult>('bench/load/pvp.ts', { base: server.base, mode: 'battles', players: players(seeded), thinkMs: THINK_MS, timeoutMs });
  const after = await counters(server);
  const perAction = (after.statements - before.statements) / Math.max(1, after.actions - before.actions);
  // Zero when the server does not count them (COUNT_STATEMENTS off).
  const perEnd = (after.settleStatements - before.settleStatements) / Math.max(1, after.settled - before.settled);
  return { result, perAction, perEnd, settled: after.settled - before.settled };
}

function moveFigure(id: string, battles: number, run: Awaited<ReturnType<typeof fight>>, echo: PvpResult, target: string, met: boolean | null): Figure {
  const { result: r } = run;
  return {
    id,
    figure: `PvP move round trip, ${battles.toLocaleString('en')} concurrent battles (${r.moves} moves), p95`,
    ours:
      `p95 ${round(r.p95, 1)} ms (p50 ${round(r.p50, 1)}; to turn change p95 ${round(r.turnP95, 1)}), ${r.ended}/${r.players} finished` +
      `${r.errors ? `, ${r.errors} refusals` : ''}; statements: 0 on a move's path, ${round(run.perAction, 2)} per action in the background ` +
      `(joins, matching, snapshots, leases, ends)${run.perEnd > 0 ? `, ${round(run.perEnd, 1)} per battle end` : ''}; arena chat ${round(r.chatPerSocketPerSecond, 3)} frames/socket/s ` +
      `(at most ${r.chatPerSocketMaxInOneSecond} in any second)`,
    baseline: `p95 ${round(echo.p95, 1)} ms bare ws echo (p50 ${round(echo.p50, 1)})`,
    ratio: round(r.p95 / echo.p95, 2),
    target,
    met,
    data: { ours: r, statementsPerAction: run.perAction, statementsPerEnd: run.perEnd, settled: run.settled, bare: echo },
  };
}

/**
 * Figure 4: `battles` (and `bigBattles`) concurrent real-time battles of scripted players (move
 * round trip, statements per move and per end from the server's /metrics, arena chat frames per
 * socket) against the same scripted loop on a bare ws echo; and `joiners` players joining the
 * queue at once (time until all are paired).
 */
export async function pvpFigures(env: Record<string, string>, battles: number, bigBattles: number, joiners: number): Promise<Figure[]> {
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
    const many = await seedPlayers(db, { count: bigBattles * 2, prefix: 'pk' });
    const joining = await seedPlayers(db, { count: joiners, prefix: 'pm' });
    // The same scripted battles at light load: the cost of one move when nothing queues, on a
    // server counting the statements of each battle's end (COUNT_STATEMENTS costs a little on
    // every request, so the loaded runs below go without it).
    const counting = await startGameServer({ DATABASE_URL: db.url, COUNT_STATEMENTS: '1', ...env });
    try {
      const few = await fight(counting, light, 90_000);
      figures.push({ ...moveFigure('pvp.move.light', LIGHT_BATTLES, few, echo, 'statements per battle end ≤ 6', few.perEnd <= 6), baseline: `p95 ${round(echo.p95, 1)} ms bare ws echo (at ${battles} battles)` });
    } finally {
      await counting.stop();
    }
    const server = await startGameServer({ DATABASE_URL: db.url, ...env });
    try {
      const main = await fight(server, fighters, 150_000);
      figures.push(
        moveFigure('pvp.move', battles, main, echo, 'p95 ≤ 20 ms, all finished, chat ≤ 1 frame/socket/s', main.result.p95 <= 20 && main.result.ended === main.result.players && main.result.chatPerSocketMaxInOneSecond <= 1),
      );
      const big = await fight(server, many, 240_000);
      figures.push(moveFigure('pvp.move.1000', bigBattles, big, echo, '— (reported)', null));
      const match = await runLoad<PvpResult>('bench/load/pvp.ts', {
        base: server.base,
        mode: 'match',
        players: players(joining),
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
