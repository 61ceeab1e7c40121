import { performance } from 'node:perf_hooks';
import type WebSocket from 'ws';
import { loadInput, onCommand, report } from '../lib/server';
import { openMany } from '../lib/sockets';
import { percentile } from '../lib/stats';
import { DuelScript, ScriptedPlayer } from './duel-script';

/**
 * PvP scripted players (real-time variant, on the socket); the move loop is bench/load/duel-script.ts.
 * - mode 'battles': every player joins the queue; once matched, whoever's turn it is attacks
 *   after a short think time, until the battle ends. Round trip = attack sent → the mover
 *   receives the `battle_action` of that move (and → its `turn_changed`/`battle_ended`).
 * - mode 'duels': the same, but every battle starts before the first move: all players join, and
 *   the moves begin once every one has `battle_started` (with `hold`, once the runner says
 *   `{"go":true}` on stdin, after it has read the server's memory and CPU; the generator prints
 *   `{"barrier":…}` then, and `{"moving":…}` when it sends the first move).
 * - mode 'match': every player joins at once; time until every one has `battle_started`.
 * - mode 'echo': the same think-and-send loop against a bare `ws` echo (the baseline).
 */
interface Input {
  base: string;
  mode: 'battles' | 'duels' | 'match' | 'echo';
  players: { cookie: string | null; characterId: number }[];
  thinkMs: [number, number];
  /** echo mode: messages per socket. */
  moves?: number;
  /** duels mode: wait for the runner's go after the barrier. */
  hold?: boolean;
  timeoutMs: number;
}

const input = loadInput<Input>();
const script = new DuelScript(input.thinkMs);
const openStarted = performance.now();
const sockets = await openMany(input.base, input.players.map((p) => p.cookie ?? undefined), 100);
const openMs = performance.now() - openStarted;

if (input.mode === 'echo') {
  const rtt: number[] = [];
  let remaining = sockets.length;
  await new Promise<void>((resolve) => {
    sockets.forEach((ws) => {
      let left = input.moves ?? 10;
      let sentAt = 0;
      const go = () => {
        sentAt = performance.now();
        ws.send(JSON.stringify({ type: 'echo', battleId: 1, action: 'attack' }));
      };
      ws.on('message', () => {
        rtt.push(performance.now() - sentAt);
        if (--left > 0) setTimeout(go, script.think());
        else if (--remaining === 0) resolve();
      });
      setTimeout(go, script.think());
    });
  });
  for (const ws of sockets) ws.terminate();
  report({ moves: rtt.length, p50: percentile(rtt, 50), p95: percentile(rtt, 95), max: percentile(rtt, 100) });
  process.exit(0);
}

let chatFrames = 0;
const chatPerSocketSecond = new Map<number, number>();
const started: number[] = [];
const ended = new Set<number>();
const battles = new Set<number>();
const duels = input.mode === 'duels';
const players: ScriptedPlayer[] = [];
let joinAt = 0;
let barrierMs = Number.NaN;
script.onFirstMove = () => {
  if (duels && input.hold) report({ moving: true });
};

/** Every battle has started: the runner reads the server, then says go (or go at once). */
function barrier(): void {
  barrierMs = performance.now() - joinAt;
  const begin = () => players.forEach((p) => p.begin());
  if (!input.hold) return begin();
  report({ barrier: true, started: started.length, battles: battles.size, joinMs: barrierMs, openMs });
  onCommand((command) => {
    if (command.go) begin();
  });
}

await new Promise<void>((resolve) => {
  const timer = setTimeout(resolve, input.timeoutMs);
  const finishIfDone = () => {
    const target = input.mode === 'match' ? started.length === sockets.length : ended.size === sockets.length;
    if (target) {
      clearTimeout(timer);
      resolve();
    }
  };
  sockets.forEach((ws: WebSocket, i) => {
    let battleId = 0;
    const player = new ScriptedPlayer(script, () => ws.send(JSON.stringify({ type: 'pvp_action', battleId, action: 'attack' })));
    players.push(player);
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString()) as {
        type: string;
        message?: string;
        yourTurn?: boolean;
        battle?: { battleId: number; yourTurn: boolean };
      };
      switch (msg.type) {
        case 'chat_message': {
          // Arena chat frames each socket receives, per second of the run.
          const second = Math.floor((performance.now() - joinAt) / 1000);
          chatFrames += 1;
          const key = i * 100_000 + second;
          chatPerSocketSecond.set(key, (chatPerSocketSecond.get(key) ?? 0) + 1);
          return;
        }
        case 'battle_started':
          battleId = msg.battle!.battleId;
          battles.add(battleId);
          started.push(performance.now() - joinAt);
          if (input.mode === 'match') return finishIfDone();
          player.started(msg.battle!.yourTurn, { hold: duels });
          if (duels && started.length === sockets.length) barrier();
          return;
        case 'battle_action':
          return player.action();
        case 'turn_changed':
          return player.turnChanged(msg.yourTurn === true, input.mode !== 'match');
        case 'battle_ended':
          player.ended();
          ended.add(i);
          return finishIfDone();
        case 'error':
          // A refused move (e.g. not our turn after a race): ask for the state again.
          if (player.refused(String(msg.message))) ws.send(JSON.stringify({ type: 'pvp_state' }));
          return;
        default:
          return;
      }
    });
  });
  joinAt = performance.now();
  sockets.forEach((ws, i) => ws.send(JSON.stringify({ type: 'pvp_join_queue', characterId: input.players[i]!.characterId })));
});

const runSeconds = (performance.now() - joinAt) / 1000;
const result = {
  runSeconds,
  chatFrames,
  chatPerSocketPerSecond: chatFrames / sockets.length / runSeconds,
  chatPerSocketMaxInOneSecond: Math.max(0, ...chatPerSocketSecond.values()),
  players: sockets.length,
  matched: started.length,
  battles: battles.size,
  ended: ended.size,
  matchP50: percentile(started, 50),
  matchMax: started.length ? Math.max(...started) : Number.NaN,
  openMs,
  barrierMs,
  ...script.summary(),
};
for (const ws of sockets) ws.terminate();
report(result);
process.exit(0);
