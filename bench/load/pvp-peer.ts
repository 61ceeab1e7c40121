import { performance } from 'node:perf_hooks';
import { Client, type Room } from '../peers/colyseus-client';
import type { DuelOptions, DuelPlayer } from '../peers/colyseus-server';
import { loadInput, onCommand, report } from '../lib/server';
import { percentile } from '../lib/stats';
import { DuelScript, ScriptedPlayer } from './duel-script';

/**
 * The peer's duellists (bench/peers/colyseus-server.ts), with the game's scripted loop
 * (bench/load/duel-script.ts): the runner pairs the players, the first of each pair creates a
 * `duel` room with both characters and the second joins it by id (50 pairs at a time, each
 * player on its own connection, as in the game); once every battle has started (every player has
 * `battle_started`), the moves begin: at once, or with `hold` when the runner says `{"go":true}`
 * on stdin (it prints `{"barrier":…}` then, and `{"moving":…}` at the first move).
 */
interface Input {
  base: string;
  /** Two by two: players 2k and 2k+1 fight each other. */
  players: DuelPlayer[];
  thinkMs: [number, number];
  hold?: boolean;
  timeoutMs: number;
}

const input = loadInput<Input>();
const script = new DuelScript(input.thinkMs);
const client = new Client(input.base);
const players: ScriptedPlayer[] = [];
const rooms: Room[] = [];
const started: number[] = [];
let ended = 0;
let barrierMs = Number.NaN;
let done: () => void = () => undefined;
const finished = new Promise<void>((resolve) => (done = resolve));
script.onFirstMove = () => {
  if (input.hold) report({ moving: true });
};

function barrier(): void {
  barrierMs = performance.now() - joinAt;
  const begin = () => players.forEach((p) => p.begin());
  if (!input.hold) return begin();
  report({ barrier: true, started: started.length, battles: input.players.length / 2, joinMs: barrierMs });
  onCommand((command) => {
    if (command.go) begin();
  });
}

/** A player's handlers on its room (registered as soon as it is joined: the room's first message follows). */
function play(room: Room): void {
  rooms.push(room);
  const player = new ScriptedPlayer(script, () => room.send('pvp_action', { battleId: room.roomId, action: 'attack' }));
  players.push(player);
  room.onMessage('battle_started', (msg: { battle: { yourTurn: boolean } }) => {
    started.push(performance.now() - joinAt);
    player.started(msg.battle.yourTurn, { hold: true });
    if (started.length === input.players.length) barrier();
  });
  room.onMessage('battle_action', () => player.action());
  room.onMessage('turn_changed', (msg: { yourTurn: boolean }) => player.turnChanged(msg.yourTurn));
  room.onMessage('battle_ended', () => {
    player.ended();
    if (++ended === input.players.length) done();
  });
  room.onMessage('error', (msg: { message: string }) => void player.refused(String(msg.message)));
}

const joinAt = performance.now();
let nextPair = 0;
const pairs = input.players.length / 2;
const worker = async () => {
  while (nextPair < pairs) {
    const k = nextPair++;
    const options: DuelOptions = { players: [input.players[2 * k]!, input.players[2 * k + 1]!] };
    const first: Room = await client.create('duel', options);
    play(first);
    play(await client.joinById(first.roomId));
  }
};
await Promise.all(Array.from({ length: Math.min(50, pairs) }, worker));
const joinedMs = performance.now() - joinAt;
await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, input.timeoutMs))]);

report({
  runSeconds: (performance.now() - joinAt) / 1000,
  players: input.players.length,
  matched: started.length,
  battles: pairs,
  ended,
  joinedMs,
  barrierMs,
  matchP50: percentile(started, 50),
  ...script.summary(),
});
process.exit(0);
