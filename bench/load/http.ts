import autocannon from 'autocannon';
import { loadInput } from '../lib/server';

/**
 * HTTP load generator (its own process): autocannon against one route. Requests rotate over
 * the given players (cookie + body), so a route with a per-player cooldown is hit by a
 * different player each time when `amount` is at most the number of players.
 */
interface Input {
  url: string;
  method: 'GET' | 'POST';
  /** One entry per player: its cookie and, for POST, its JSON body. */
  players: { cookie?: string; body?: string }[];
  connections: number;
  duration?: number;
  amount?: number;
}

const input = loadInput<Input>();
let next = 0;
const started = performance.now();
let lastAnswer = started;
const result = await new Promise<autocannon.Result>((resolve, reject) => {
  const instance = autocannon(
    {
      url: input.url,
      connections: input.connections,
      ...(input.amount ? { amount: input.amount } : { duration: input.duration ?? 10 }),
      requests: [
        {
          method: input.method,
          setupRequest: (request) => {
            const player = input.players[next++ % input.players.length] ?? {};
            // What a browser sends: JSON answers above 1 KB are then compressed, as they are for players.
            const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };
            if (player.cookie) headers.cookie = player.cookie;
            if (player.body !== undefined) headers['content-type'] = 'application/json';
            return { ...request, headers, ...(player.body !== undefined ? { body: player.body } : {}) };
          },
        },
      ],
    },
    (err, done) => (err ? reject(err) : resolve(done)),
  );
  instance.on('response', () => (lastAnswer = performance.now()));
});

// From the start to the last answer: autocannon's own duration counts whole seconds of samples,
// and it only notices that a run of `amount` requests is over at its next one-second tick, so
// either would make a run of a few thousand requests look up to twice as slow as it was.
const seconds = (lastAnswer - started) / 1000;
console.log(
  JSON.stringify({
    requests: result.requests.total,
    reqPerSec: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    durationS: seconds,
  }),
);
