import { performance } from 'node:perf_hooks';
import type WebSocket from 'ws';
import { loadInput, report } from '../lib/server';
import { openMany } from '../lib/sockets';
import { percentile } from '../lib/stats';

/**
 * PvP scripted players (real-time variant, on the socket).
 * - mode 'battles': every player joins the queue; once matched, whoever's turn it is attacks
 *   after a short think time, until the battle ends. Round trip = attack sent → the mover
 *   receives the `battle_action` of that move (and → its `turn_changed`/`battle_ended`).
 * - mode 'match': every player joins at once; time until every one has `battle_started`.
 * - mode 'echo': the same think-and-send loop against a bare `ws` echo (the baseline).
 */
interface Input {
  base: string;
  mode: 'battles' | 'match' | 'echo';
  players: { cookie: string | null; characterId: number }[];
  thinkMs: [number, number];
  /** echo mode: messages per socket. */
  moves?: number;
  timeoutMs: number;
}

const input = loadInput<Input>();
const sockets = await openMany(input.base, input.players.map((p) => p.cookie ?? undefined), 100);
const think = () => input.thinkMs[0] + Math.random() * (input.thinkMs[1] - input.thinkMs[0]);
const rttAction: number[] = [];
const rttTurn: number[] = [];
let errors = 0;
const errorTexts = new Map<string, number>();
const noteError = (message: string) => {
  errors++;
  errorTexts.set(message, (errorTexts.get(message) ?? 0) + 1);
};

if (input.mode === 'echo') {
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
        rttAction.push(performance.now() - sentAt);
        if (--left > 0) setTimeout(go, think());
        else if (--remaining === 0) resolve();
      });
      setTimeout(go, think());
    });
  });
  for (const ws of sockets) ws.terminate();
  report({ moves: rttAction.length, p50: percentile(rttAction, 50), p95: percentile(rttAction, 95), max: percentile(rttAction, 100) });
  process.exit(0);
}

let chatFrames = 0;
const chatPerSocketSecond = new Map<number, number>();
const started: number[] = [];
const ended = new Set<number>();
const battles = new Set<number>();
let joinAt = 0;

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
    let pending: { sentAt: number; gotAction: boolean } | null = null;
    const attack = () => {
      if (ended.has(i)) return;
      pending = { sentAt: performance.now(), gotAction: false };
      ws.send(JSON.stringify({ type: 'pvp_action', battleId, action: 'attack' }));
    };
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
          if (msg.battle!.yourTurn) setTimeout(attack, think());
          return;
        case 'battle_action':
          if (pending && !pending.gotAction) {
            pending.gotAction = true;
            rttAction.push(performance.now() - pending.sentAt);
          }
          return;
        case 'turn_changed':
          if (pending) {
            rttTurn.push(performance.now() - pending.sentAt);
            pending = null;
          }
          if (msg.yourTurn && input.mode === 'battles') setTimeout(attack, think());
          return;
        case 'battle_ended':
          if (pending) rttTurn.push(performance.now() - pending.sentAt);
          pending = null;
          ended.add(i);
          return finishIfDone();
        case 'error':
          noteError(String(msg.message));
          if (pending) {
            // A refused move (e.g. not our turn after a race): ask for the state again.
            pending = null;
            ws.send(JSON.stringify({ type: 'pvp_state' }));
          }
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
  moves: rttAction.length,
  p50: percentile(rttAction, 50),
  p95: percentile(rttAction, 95),
  turnP95: percentile(rttTurn, 95),
  max: percentile(rttAction, 100),
  errors,
  errorTexts: Object.fromEntries([...errorTexts].slice(0, 5)),
};
for (const ws of sockets) ws.terminate();
report(result);
process.exit(0);
