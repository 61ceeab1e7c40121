import { performance } from 'node:perf_hooks';
import { loopbackAddress, requester, type Answer } from '../lib/loopback';
import { loadInput, report } from '../lib/server';
import { openMany } from '../lib/sockets';
import { percentile } from '../lib/stats';
import { DuelScript, ScriptedPlayer } from './duel-script';

/**
 * Players doing what the play-tests show players do (bench/figures/capacity.ts), each with its
 * socket open for the whole run: the dashboard and characters every 10 s, a PvE battle every
 * 31 s (the cooldown is 30 s), the market every 15 s, quests every 30 s, a chat message every
 * 60 s; `duelShare` of them duel in real time (queue, think 1-3 s, attack) and queue again after
 * the 60 s PvP cooldown. Every request's latency is kept; a 5xx, a network error or an answer
 * the game should not give (any 4xx) is an error. Players come from loopback addresses,
 * `perAddress` to each (bench/lib/loopback.ts), their requests and socket alike.
 */
interface Input {
  base: string;
  players: { cookie: string; characterId: number }[];
  durationMs: number;
  duelShare: number;
  perAddress: number;
}

const input = loadInput<Input>();
const latencies: number[] = [];
const errors = new Map<string, number>();
const noteError = (what: string) => errors.set(what, (errors.get(what) ?? 0) + 1);
let stopping = false;

type Send = (method: string, path: string, headers: Record<string, string>, body?: string) => Promise<Answer>;
const senders = new Map<string, Send>();
const addressOf = (i: number) => loopbackAddress(i, input.perAddress);
const senderOf = (i: number): Send => {
  const address = addressOf(i);
  let send = senders.get(address);
  if (!send) senders.set(address, (send = requester(input.base, address)));
  return send;
};

async function call(send: Send, cookie: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<void> {
  const t0 = performance.now();
  try {
    const res = await send(
      method,
      path,
      { cookie, accept: 'application/json', origin: input.base, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body !== undefined ? JSON.stringify(body) : undefined,
    );
    latencies.push(performance.now() - t0);
    if (res.status >= 400) noteError(`${method} ${path.replace(/\d+/g, ':id')} ${res.status}`);
  } catch (err) {
    noteError(`${method} ${path} ${(err as Error).message}`);
  }
}

/** Runs `work` every `everyMs` from a random phase until the run ends. */
function every(everyMs: number, work: () => Promise<void>): void {
  const tick = async () => {
    if (stopping) return;
    await work();
    if (!stopping) setTimeout(() => void tick(), everyMs);
  };
  setTimeout(() => void tick(), Math.random() * everyMs);
}

const script = new DuelScript([1000, 3000]);
const sockets = await openMany(input.base, input.players.map((p) => p.cookie), 50, '/ws', addressOf);
const duellists = Math.floor(input.players.length * input.duelShare / 2) * 2;

input.players.forEach((player, i) => {
  const { cookie, characterId } = player;
  const send = senderOf(i);
  every(10_000, async () => {
    await call(send, cookie, 'GET', '/api/user');
    await call(send, cookie, 'GET', '/api/characters');
  });
  every(31_000, () => call(send, cookie, 'POST', '/api/battle', { characterId }));
  every(15_000, () => call(send, cookie, 'GET', '/api/marketplace'));
  every(30_000, () => call(send, cookie, 'GET', '/api/quests'));
  every(60_000, () => call(send, cookie, 'POST', '/api/chat/messages', { message: `gg ${i}` }));
  if (i >= duellists) return;
  const ws = sockets[i]!;
  let battleId = 0;
  const duel = new ScriptedPlayer(script, () => ws.send(JSON.stringify({ type: 'pvp_action', battleId, action: 'attack' })));
  const join = () => {
    if (!stopping) ws.send(JSON.stringify({ type: 'pvp_join_queue', characterId }));
  };
  ws.on('message', (data) => {
    const msg = JSON.parse(data.toString()) as { type: string; message?: string; yourTurn?: boolean; battle?: { battleId: number; yourTurn: boolean } };
    if (msg.type === 'battle_started') {
      battleId = msg.battle!.battleId;
      duel.started(msg.battle!.yourTurn, { hold: false });
    } else if (msg.type === 'battle_action') duel.action();
    else if (msg.type === 'turn_changed') duel.turnChanged(msg.yourTurn === true, true);
    else if (msg.type === 'battle_ended') {
      duel.ended();
      setTimeout(join, 61_000);
    } else if (msg.type === 'error' && duel.refused(String(msg.message))) ws.send(JSON.stringify({ type: 'pvp_state' }));
  });
  setTimeout(join, Math.random() * 5000);
});

await new Promise((resolve) => setTimeout(resolve, input.durationMs));
stopping = true;
const moves = script.summary() as { p50?: number; p95?: number; moves?: number; errors?: number };
for (const ws of sockets) ws.terminate();
report({
  players: input.players.length,
  duellists,
  requests: latencies.length,
  httpP50: percentile(latencies, 50),
  httpP95: percentile(latencies, 95),
  moves,
  errors: Object.fromEntries(errors),
});
process.exit(0);
