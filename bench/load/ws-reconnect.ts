import WebSocket from 'ws';
import { createGameSocket, type GameSocket, type WebSocketLike } from '../../src/client/lib/ws-client';
import { loadInput, onCommand, report } from '../lib/server';

/**
 * Players' pages, as many as `cookies`, each with the game's own socket client
 * (src/client/lib/ws-client.ts), first on instance `first`. When that instance stops, every
 * reconnect goes to `then` (as a proxy would send it to the instance left). Reports when all are
 * online, then, once told the moment the first instance was stopped (`stoppedAt`, Date.now() of
 * the runner, so several load processes share it), every reconnect attempt and the moment each
 * page was online again, in ms from that moment.
 * `fixed`: retries every 3 s exactly, as the client did before the jitter and backoff.
 */
const input = loadInput<{ first: string; then: string; cookies: string[]; fixed: boolean }>();
const wsUrl = (base: string) => `${base.replace(/^http/, 'ws')}/ws`;

const attempts: number[] = [];
const backOnline: number[] = [];
/** From a page's successful reconnect attempt to its socket open and authenticated at the other instance. */
const handshakes: number[] = [];
/** The stop, on the wall clock shared by the runner and every load process (Date.now()). */
let stoppedAt = 0;
let failed = 0;
/** Why attempts failed: the error the socket gave ('Unexpected server response: 503', 'ECONNRESET'…), counted. */
const failures: Record<string, number> = {};
const online = new Set<number>();
const sockets: GameSocket[] = [];

function page(i: number, cookie: string): Promise<void> {
  let opened = 0;
  let attemptAt = 0;
  return new Promise((resolve) => {
    sockets[i] = createGameSocket({
      url: wsUrl(input.first),
      onMessage: () => {},
      onStatus: (status) => {
        if (status === 'online') {
          online.add(i);
          if (opened > 1) {
            backOnline.push(Date.now() - stoppedAt);
            handshakes.push(performance.now() - attemptAt);
          }
          if (opened === 1) resolve();
          if (stoppedAt && online.size === input.cookies.length) finish();
        } else if (status === 'disconnected') {
          if (online.has(i)) online.delete(i);
          else if (opened > 1) failed += 1;
        }
      },
      ...(input.fixed ? { reconnectDelay: () => 3000 } : {}),
      createSocket: () => {
        opened += 1;
        const base = opened === 1 ? input.first : input.then;
        attemptAt = performance.now();
        if (opened > 1) attempts.push(Date.now() - stoppedAt);
        const ws = new WebSocket(wsUrl(base), { headers: { cookie }, origin: base, perMessageDeflate: false });
        if (opened > 1) {
          let why = '';
          ws.on('error', (err: Error & { code?: string }) => (why ||= err.code ?? err.message));
          ws.on('open', () => (why = 'opened'));
          ws.once('close', (code) => {
            if (why === 'opened') return;
            const key = why || `closed ${code} before opening`;
            failures[key] = (failures[key] ?? 0) + 1;
          });
        }
        return ws as unknown as WebSocketLike;
      },
    });
  });
}

let finished = false;
function finish(): void {
  if (finished) return;
  finished = true;
  report({ reconnected: online.size, attempts, backOnline, handshakes, failed, failures });
  for (const s of sockets) s.close();
  setTimeout(() => process.exit(0), 200);
}

const started = performance.now();
// Opened a hundred at a time, so the start itself is not a burst.
for (let from = 0; from < input.cookies.length; from += 100) {
  await Promise.all(input.cookies.slice(from, from + 100).map((cookie, k) => page(from + k, cookie)));
}
report({ opened: online.size, ms: Math.round(performance.now() - started) });
onCommand((command) => {
  if (typeof command.stoppedAt === 'number') stoppedAt = command.stoppedAt;
});
