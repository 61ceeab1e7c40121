import { performance } from 'node:perf_hooks';
import { loadInput, report } from '../lib/server';
import { openMany } from '../lib/sockets';
import { percentile } from '../lib/stats';

/**
 * Chat fan-out: `cookies.length` sockets listen; `rounds` times, one of them sends a chat
 * message and every socket records when it arrives (same process, same clock).
 */
const input = loadInput<{ base: string; cookies: (string | null)[]; rounds: number }>();
const sockets = await openMany(input.base, input.cookies.map((c) => c ?? undefined), 100);
let current: { tag: string; sentAt: number; received: number; done: () => void } | null = null;
const latencies: number[] = [];
for (const ws of sockets) {
  ws.on('message', (data) => {
    if (!current) return;
    const msg = JSON.parse(data.toString()) as { type: string; message?: { text?: string } };
    if (msg.type === 'chat_message' && msg.message?.text === current.tag) {
      latencies.push(performance.now() - current.sentAt);
      if (++current.received === sockets.length) current.done();
    }
  });
}
let lost = 0;
await new Promise((r) => setTimeout(r, 1000));
for (let round = 0; round < input.rounds; round++) {
  const tag = `fan-out ${round} ${Math.random().toString(36).slice(2, 8)}`;
  // A different sender each round keeps every player inside the chat rate limit.
  const sender = sockets[(round * 37) % sockets.length]!;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 5000);
    current = {
      tag,
      sentAt: performance.now(),
      received: 0,
      done: () => {
        clearTimeout(timer);
        resolve();
      },
    };
    sender.send(JSON.stringify({ type: 'chat_message', text: tag, clientId: `r${round}` }));
  });
  lost += sockets.length - current!.received;
  current = null;
  await new Promise((r) => setTimeout(r, 250));
}
for (const ws of sockets) ws.terminate();
report({ deliveries: latencies.length, lost, p50: percentile(latencies, 50), p95: percentile(latencies, 95), max: percentile(latencies, 100) });
process.exit(0);
