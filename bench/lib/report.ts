import { mkdirSync, writeFileSync } from 'node:fs';
import type { Figure } from './figure';

export interface Report {
  at: string;
  machine: string;
  bus: string;
  quick: boolean;
  figures: Figure[];
  timings: Record<string, number>;
  /** Profiling and fixes behind the figures, shown under the table. */
  findings?: string[];
}

/** The peers section's notes (bench/figures/peers.ts), shared by its sizes. */
const PEERS_CPU =
  "What the game pays for and the peer does not: every move journaled in Redis (one fenced append per tick for all of an instance's battles, on the journal's own connection) before it is told, a snapshot of a changed room every 60 s (at each 10 s flush while its journal may miss actions) and one keep-alive row per instance in PostgreSQL so another instance takes a battle over, and battles' ends settled together (rewards, ratings, replays, outbox): the ends of 150 ms in one transaction of two statements however many they are, and their domain events handled in one outbox pass per 300 ms (docs/battle-protocol.md, 'PvP rooms'). The bench's battles last about six moves, so each move carries a sixth of an end. Peers rows from npm run bench -- pvp peers on a quiet machine (2026-12-01 11:32 UTC); the same session before the journal's own connection measured 1.36x (500 battles) and 1.63x (1,000), and the single rounds at 1,000 battles that morning, of both codes (20 of them), ranged 1.14-1.69x with the peer alone at 230-324 us per move: one round's ratio moves about 0.2 with the machine. At 1,000 battles a move costs about 290-320 us of game server CPU, about 70 of it the journal (a server that skips it measured 228-255), 50-64 us of PostgreSQL (the ends; per end, pg_stat_statements in count-ends at 500 battles: about 177 us in the settlement statement, 37 us of quest progress, 31 us rewriting standings, 20 us of notifications, 19 us recording quest events, 17 us claiming the outbox's events) and 22-28 us of Redis (the journal), against 235-324 us for the peer in all; bench/count-ends.ts counts what an end writes (16.2 rows, 5.4 of them domain events; PGSS=1 lists its statements). Moves themselves touch no table.";

const PEERS_RTT =
  "Medians of about 1 ms against 0.4-0.5 ms, read to a tenth of a millisecond, so one tenth moves the ratio by about 0.2 (1.52 at 500 battles). Every battle starts before the first move, so the first moves of all battles arrive within about a second, and the game's server spends about 1.4x the peer's CPU per move (435 against 303-331 us) with PostgreSQL (the ends) and Redis (the journal) on the same two cores; the p95 stays within 20 ms (9.1 and 11.5 ms).";

/**
 * Why a missed target is missed, by figure id: what the profile showed. Shown only when the
 * target is missed in the run being written.
 */
export const MISSED_NOTES: Record<string, string> = {
  'peers.cpu.500': PEERS_CPU,
  'peers.cpu.1000': PEERS_CPU,
  'peers.rtt.500': PEERS_RTT,
  'peers.rtt.1000': PEERS_RTT,
  'http.user':
    'Met since its reads are batched (src/server/db/batch.ts): before, one PostgreSQL round trip per request was a third of the server CPU in loopback writes.',
  'http.battle':
    "A profile of the server in the battle phase (2026-12-01, 2,317 req/s, before answers were compressed at quality 1) had its main thread 80 % busy: 25 % in socket writes (the answers and the statements), 19 % compressing answers, 7.5 % collecting garbage, 14 % in the two statements of a round and their query building; a round of battles is four round trips to PostgreSQL (BEGIN, read and lock, write, COMMIT). Earlier, at 1,695 req/s, the main thread was 60 % busy and the machine 17-33 % idle; with 200 connections the same server fought 3,724 battles/s against 2,824 at 100. Two round trips instead of four (read unlocked, one guarded write that commits on its own) is the next step; a first version was slower (PostgreSQL CPU per battle +25 % from its larger plan) and did not land.",
  'ws.memory':
    "Each player connected to the instance also holds a subscription to their user channel on the Redis bus (one per player, shared by their sockets; src/server/realtime/gateway.ts) and each socket a Connection (ids, the player's shared message budget).",
  'chat.fanout':
    'Delivery to 1,000 sockets is bounded by one write per socket (writev in the profile) on a shared 2-core machine, and the 1,000 receiving sockets live in one load-generator process on the same cores; the bare relay shows the same spread.',
  'pvp.move':
    "Saturation of a shared 2-core machine, not the move path: at light load (10 battles) a round trip is p50 about 10 ms. A move is a step of the battle's room on the instance that hosts it: the engine, one Redis journal append shared by every battle that moved in the same tick, and one corked socket write per player; no database statement (docs/battle-protocol.md, 'PvP rooms'). At 500 battles the scripted players ask about 400 moves/s while the server, PostgreSQL (the ends of battles, settled in batches), Redis and the load generator holding 1,000 sockets share the 2 cores. Meeting 20 ms at this load needs more cores or more instances: any instance serves any battle.",
  'pvp.match':
    'The joins and the matcher are batched: the joins that arrive together go to PostgreSQL as one statement (up to 500, one statement at a time per instance, src/server/pvp/matcher.ts), and a matching pass claims up to 200 waiting players with SKIP LOCKED, pairs them and stores their battles in one transaction. What remains is the passes in turn: 2,000 joins take about ten passes of 200, each a transaction over the queue, characters and battles, on cores shared with the load generator holding 2,000 sockets. Several instances divide the burst between them (each runs its own passes).',
  'client.lighthouse.mobile':
    "LCP is the top bar's 'Welcome' line on most screens (the enemy's sprite on /battle, the hero's glitch copy on home when it is first shown within the trace), drawn with the screen once React, the frame and the screen's chunk are in; every request made before it is in its simulated chain (docs/decisions.md, 'A screen's first reads start with its code').",
  'ws.reconnect':
    "A stopping instance closes its sockets evenly over SHUTDOWN_SPREAD_MS (src/server/realtime/drain.ts) and the pages retry 3-6 s after their close (src/client/lib/ws-client.ts), so the attempts of the run after are spread over the spread plus 3 s at best. The busiest second is counted at the four load processes holding the pages; on a loaded machine the run before is bounded by how fast they see the closes and open sockets at all (at a load average of 17-20 its first attempts came 8 s after the stop instead of 3, and 5,000 took 13 s), so its busiest second is far below the 5,000 it would be in one tick on 5,000 machines. A failed attempt was a TCP reset from the instance taking the sockets, whose listen queue (Node's 511) overflowed; it listens with LISTEN_BACKLOG (4096) now.",
};

const yes = (m: boolean | null) => (m === null ? '—' : m ? 'yes' : '**no**');
const esc = (s: string) => s.replace(/\|/g, '\\|');

export function writeReport(report: Report, suffix = ''): void {
  const { figures } = report;
  for (const f of figures) if (f.met === false && MISSED_NOTES[f.id]) f.note = MISSED_NOTES[f.id];
  const lines = [
    '# Glitch Arena bench: latest run',
    '',
    `Run ${report.at} on ${report.machine}; PostgreSQL, ${report.bus}${report.quick ? ' (quick mode: shortened runs)' : ''}.`,
    'Every figure is measured against its baseline in the same run on the same machine; the server and each load generator run in their own processes. Absolute figures move with whatever else the machine is doing; compare the ratios.',
    '',
    '| Figure | Ours | Baseline | Ratio | Target | Met? |',
    '| --- | --- | --- | --- | --- | --- |',
    ...figures.map((f) => `| ${esc(f.figure)} | ${esc(f.ours)} | ${esc(f.baseline)} | ${f.ratio ?? '—'} | ${esc(f.target)} | ${yes(f.met)} |`),
    '',
    ...figures.filter((f) => f.table).flatMap((f) => [`## ${f.figure}`, '', ...f.table!, '']),
    ...(figures.some((f) => f.note) ? ['## Targets missed: why', '', ...figures.filter((f) => f.note).map((f) => `- **${f.figure}**: ${f.note}`), ''] : []),
    ...(report.findings?.length ? ['## Profiling and fixes', '', ...report.findings.map((f) => `- ${f}`), ''] : []),
    `Section times (s): ${Object.entries(report.timings).map(([k, v]) => `${k} ${v}`).join(', ')}.`,
    '',
  ];
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(`bench/results/latest${suffix}.md`, lines.join('\n'));
  writeFileSync(`bench/results/latest${suffix}.json`, `${JSON.stringify(report, null, 2)}\n`);
}
