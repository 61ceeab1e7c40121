import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { build } from 'esbuild';
import type { DuelPlayer } from '../peers/colyseus-server';
import type { Figure } from '../lib/figure';
import { createScratchDatabase, type ScratchDatabase } from '../lib/db';
import { cpuBetween, cpuByThread, cpuByComm, cpuMs, postgresFor, settledRss } from '../lib/proc';
import { cookieOf, seedPlayers, type SeededPlayer } from '../lib/seed';
import { runLoad, serveNodeFlags, startGameServer, startHolder, startProcess, type Proc } from '../lib/server';
import { round } from '../lib/stats';

/**
 * The peers section: the game's real-time duel against the same duel written as a Colyseus 0.18
 * room (bench/peers/colyseus-server.ts, the game's engine on every move, nothing stored), in the
 * same run. For each size, rounds alternate game, peer, game, peer, each on a fresh server
 * process warmed by a few battles. A round: every player joins (the game's queue and matcher;
 * Colyseus rooms created and joined by id two by two), every battle starts, then the scripted
 * moves begin (bench/load/duel-script.ts: 300-900 ms think time, round trip = move → the mover's
 * `battle_action`). Measured from the first move to the last answer: the server's CPU (and for
 * the game PostgreSQL's and Redis's, which hold its journal, snapshots, leases and battle ends),
 * the round trips; memory per battle is the server's RSS once every battle has started minus
 * before the players connected.
 */

const THINK_MS: [number, number] = [300, 900];
const WARM_BATTLES = 10;
const PEERS = 'bench/peers';
const PEER_SERVER = `${PEERS}/node_modules/.cache/bench/colyseus-server.js`;

type Side = 'game' | 'peer';

interface DuelResult {
  players: number;
  matched: number;
  ended: number;
  moves: number;
  p50: number;
  p95: number;
  p99: number;
  turnP95: number;
  max: number;
  movePhaseSeconds: number;
  barrierMs: number;
  errors: number;
  errorTexts: Record<string, number>;
}

interface Run {
  side: Side;
  round: number;
  battles: number;
  result: DuelResult;
  /** CPU ms in the move phase. */
  serverMs: number;
  postgresMs: number;
  redisMs: number;
  /** The load generator's, for the record (it shares the cores). */
  loadMs: number;
  rssBefore: number;
  rssStarted: number;
  /**
   * The move phase on the monotonic clock, in us: the clock of V8's CPU profiles, to cut a
   * profile (BENCH_PROFILE_DIR) down to the move phase.
   */
  window: [number, number];
}

const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/** Installs the peer's packages (its own package.json and lock file) when they are missing, and compiles its server. */
async function preparePeer(): Promise<void> {
  if (!existsSync(`${PEERS}/node_modules/@colyseus/core/package.json`)) {
    const how = existsSync(`${PEERS}/package-lock.json`) ? 'ci' : 'install';
    execFileSync('npm', [how, '--prefix', PEERS, '--no-audit', '--no-fund', '--loglevel=error'], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  // Compiled like the game's server (scripts/build-server.mjs); beside the peer's packages, so
  // its imports of them resolve there (and the game's own, e.g. zod, from the repository's).
  await build({
    entryPoints: [`${PEERS}/colyseus-server.ts`],
    outfile: PEER_SERVER,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    tsconfig: 'tsconfig.json',
  });
}

const profileFlags = () => (process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : []);

/** The peer's server, with the node flags the game's server runs with (`npm run serve`). */
function startPeer(): Promise<Proc> {
  return startProcess(PEER_SERVER, { HOST: '127.0.0.1' }, { ready: async (base) => (await fetch(base)).status > 0, nodeArgs: [...serveNodeFlags(), ...profileFlags()] });
}

/** The seeded characters as the peer's room is created with them. */
async function peerPlayers(db: ScratchDatabase, seeded: SeededPlayer[]): Promise<DuelPlayer[]> {
  const { rows } = await db.query<{ id: number; class: DuelPlayer['class']; level: number; wins: number; losses: number }>(
    'select id, class, level, wins, losses from characters where id = any($1::int[])',
    [seeded.map((p) => p.characterId)],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return seeded.map((p) => {
    const c = byId.get(p.characterId)!;
    return { userId: p.userId, username: p.username, characterId: p.characterId, class: c.class, level: c.level, wins: c.wins, losses: c.losses };
  });
}

interface Players {
  game: { cookie: string; characterId: number }[];
  peer: DuelPlayer[];
}

async function playersOf(db: ScratchDatabase, count: number, prefix: string): Promise<Players> {
  const seeded = await seedPlayers(db, { count, prefix });
  return { game: seeded.map((p) => ({ cookie: cookieOf(p.token), characterId: p.characterId })), peer: await peerPlayers(db, seeded) };
}

/** One round of one side: a fresh server, a warm-up, the joins, then the measured move phase. */
async function runSide(side: Side, roundNo: number, players: Players, warm: Players, db: ScratchDatabase, redisUrl: string): Promise<Run> {
  const server = side === 'game' ? await startGameServer({ DATABASE_URL: db.url, REDIS_URL: redisUrl }) : await startPeer();
  const load = side === 'game' ? 'bench/load/pvp.ts' : 'bench/load/pvp-peer.ts';
  const input = (p: Players, thinkMs: [number, number], hold: boolean) =>
    side === 'game'
      ? { base: server.base, mode: 'duels', players: p.game, thinkMs, hold, timeoutMs: 120_000 }
      : { base: server.base, players: p.peer, thinkMs, hold, timeoutMs: 120_000 };
  try {
    // Warm the server's code paths, pools and connections, so the figures are the battles'.
    const warmed = await runLoad<DuelResult>(load, input(warm, [50, 150], false));
    if (warmed.ended !== warmed.players) throw new Error(`${side}: the warm-up battles did not finish: ${JSON.stringify(warmed)}`);
    const rssBefore = await settledRss(server, 5);
    const holder = startHolder(load, input(players, THINK_MS, true));
    try {
      await holder.next('barrier', 180_000);
      // Every battle has started; their turn timers run (30 s): one short settle only.
      const rssStarted = await settledRss(server, 2);
      const postgres = postgresFor(db.name);
      holder.tell({ go: true });
      await holder.next('moving', 30_000);
      // BENCH_THREADS=1 prints the server's CPU by thread in the move phase (main thread against V8's helpers).
      const threadsBefore = process.env.BENCH_THREADS ? cpuByThread(server.pid) : null;
      const before = { server: cpuMs(server.pid), postgres: cpuByComm('postgres', postgres), redis: cpuByComm('redis-server'), load: cpuMs(holder.pid), at: monotonicUs() };
      const result = await holder.next<DuelResult>('moves', 180_000);
      const serverMs = cpuMs(server.pid) - before.server;
      if (threadsBefore) console.log(`   ${side} threads (ms): ${[...cpuByThread(server.pid)].map(([n, ms]) => `${n} ${ms - (threadsBefore.get(n) ?? 0)}`).join(', ')}`);
      const postgresMs = cpuBetween(before.postgres, cpuByComm('postgres', postgres));
      const redisMs = cpuBetween(before.redis, cpuByComm('redis-server'));
      const loadMs = cpuMs(holder.pid) - before.load;
      const window: [number, number] = [before.at, monotonicUs()];
      // On the clock of V8's profiles, to cut one down to the move phase.
      if (process.env.BENCH_PROFILE_DIR) console.log(`   ${side} server ${server.pid}, move phase (monotonic us): ${window[0]} ${window[1]}`);
      return { side, round: roundNo, battles: players.game.length / 2, result, serverMs, postgresMs, redisMs, loadMs, rssBefore, rssStarted, window };
    } finally {
      await holder.stop();
    }
  } finally {
    await server.stop();
  }
}

const us = (ms: number, moves: number) => (ms * 1000) / Math.max(1, moves);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const list = (xs: number[], digits = 1) => xs.map((x) => round(x, digits)).join(', ');

/** CPU per move over the rounds (their CPU over their moves), server and database side. */
function cpu(runs: Run[]) {
  const moves = runs.reduce((a, r) => a + r.result.moves, 0);
  const sum = (pick: (r: Run) => number) => runs.reduce((a, r) => a + pick(r), 0);
  const server = us(sum((r) => r.serverMs), moves);
  const stores = us(sum((r) => r.postgresMs + r.redisMs), moves);
  return {
    moves,
    server,
    postgres: us(sum((r) => r.postgresMs), moves),
    redis: us(sum((r) => r.redisMs), moves),
    stores,
    total: server + stores,
    serverByRound: runs.map((r) => us(r.serverMs, r.result.moves)),
    totalByRound: runs.map((r) => us(r.serverMs + r.postgresMs + r.redisMs, r.result.moves)),
  };
}

const finished = (runs: Run[]) =>
  runs.map((r) => `${r.result.ended / 2}/${r.battles}`).join(' and ') + ' battles finished' + (runs.some((r) => r.result.errors) ? `, ${list(runs.map((r) => r.result.errors), 0)} refusals` : '');

function latency(runs: Run[]) {
  return {
    p50: mean(runs.map((r) => r.result.p50)),
    p95: mean(runs.map((r) => r.result.p95)),
    p99: mean(runs.map((r) => r.result.p99)),
    text: `p50 ${list(runs.map((r) => r.result.p50))} ms, p95 ${list(runs.map((r) => r.result.p95))}, p99 ${list(runs.map((r) => r.result.p99))} (by round); ${finished(runs)}`,
  };
}

function memory(runs: Run[]) {
  const perBattle = runs.map((r) => (r.rssStarted - r.rssBefore) / r.battles);
  const mib = (b: number) => round(b / 2 ** 20, 0);
  return { perBattle: mean(perBattle), text: `${list(perBattle.map((b) => b / 1024))} KiB/battle (RSS ${runs.map((r) => `${mib(r.rssBefore)} → ${mib(r.rssStarted)}`).join(', ')} MiB)` };
}

function figuresFor(battles: number, game: Run[], peer: Run[]): Figure[] {
  const size = battles.toLocaleString('en');
  const peerName = 'Colyseus 0.18';
  const g = cpu(game);
  const p = cpu(peer);
  const cpuRatio = g.total / p.server;
  const gl = latency(game);
  const pl = latency(peer);
  const rttRatio = gl.p50 / pl.p50;
  const p95Target = battles >= 1000;
  const gm = memory(game);
  const pm = memory(peer);
  return [
    {
      id: `peers.cpu.${battles}`,
      figure: `PvP move CPU vs ${peerName}, ${size} concurrent battles (${g.moves} and ${p.moves} moves), per move`,
      ours: `${round(g.total, 0)} us: server ${round(g.server, 0)} + PostgreSQL ${round(g.postgres, 0)} + Redis ${round(g.redis, 0)} (by round ${list(g.totalByRound, 0)})`,
      baseline:
        `${round(p.server, 0)} us: ${peerName} server, nothing stored (by round ${list(p.serverByRound, 0)}); ` +
        `PostgreSQL + Redis in its window ${round(p.stores, 0)} us (other activity on the machine)`,
      ratio: round(cpuRatio, 2),
      target: `≤ 1.5× ${peerName}`,
      met: cpuRatio <= 1.5,
      data: { game: g, peer: p },
    },
    {
      id: `peers.rtt.${battles}`,
      figure: `PvP move round trip vs ${peerName}, ${size} concurrent battles, median`,
      ours: gl.text,
      baseline: pl.text,
      ratio: round(rttRatio, 2),
      target: `median ≤ 2× ${peerName}${p95Target ? '; p95 ≤ 20 ms' : ''}`,
      met: rttRatio <= 2 && (!p95Target || gl.p95 <= 20),
      data: { game: game.map((r) => r.result), peer: peer.map((r) => r.result) },
    },
    {
      id: `peers.memory.${battles}`,
      figure: `Memory per battle vs ${peerName}, ${size} battles (server RSS once all started − before the players connected)`,
      ours: gm.text,
      baseline: pm.text,
      ratio: round(gm.perBattle / pm.perBattle, 2),
      target: '— (reported)',
      met: null,
      data: { game: game.map(({ result: _r, ...rest }) => rest), peer: peer.map(({ result: _r, ...rest }) => rest) },
    },
  ];
}

/** The peers figures for each size, `rounds` rounds each, alternating game and peer. */
export async function peersFigures(env: Record<string, string>, sizes: number[], rounds: number): Promise<Figure[]> {
  await preparePeer();
  const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const db = await createScratchDatabase();
  const figures: Figure[] = [];
  try {
    for (const battles of sizes) {
      const runs: Run[] = [];
      for (let r = 0; r < rounds; r++) {
        // Fresh players each round (a player who has just fought waits a minute before the next
        // PvP battle), the same characters on both sides.
        const warm = await playersOf(db, WARM_BATTLES * 2, `qw${battles}r${r}`);
        const players = await playersOf(db, battles * 2, `q${battles}r${r}`);
        for (const side of ['game', 'peer'] as const) {
          const run = await runSide(side, r + 1, players, warm, db, redisUrl);
          runs.push(run);
          const m = run.result;
          console.log(
            `   ${battles} battles, round ${r + 1}, ${side}: ${m.moves} moves in ${round(m.movePhaseSeconds, 1)} s, p50 ${round(m.p50, 1)} p95 ${round(m.p95, 1)} p99 ${round(m.p99, 1)} ms; ` +
              `CPU/move server ${round(us(run.serverMs, m.moves), 0)} us, PostgreSQL ${round(us(run.postgresMs, m.moves), 0)}, Redis ${round(us(run.redisMs, m.moves), 0)}, ` +
              `load generator ${round(us(run.loadMs, m.moves), 0)}; all started after ${round(m.barrierMs / 1000, 1)} s, ${m.ended / 2}/${battles} finished, ${m.errors} refusals`,
          );
        }
      }
      figures.push(...figuresFor(battles, runs.filter((r) => r.side === 'game'), runs.filter((r) => r.side === 'peer')));
    }
  } finally {
    await db.drop();
  }
  return figures;
}
