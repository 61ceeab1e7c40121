import { performance } from 'node:perf_hooks';
import { loadInput, report } from '../lib/server';
import { openMany } from '../lib/sockets';
import { percentile } from '../lib/stats';

/**
 * Notifications across instances: `recipients` hold sockets on instance B; in waves, each of
 * `senders` sends one of them a friend request through instance A. The request's domain event
 * is committed on A, A's outbox writes the notification and publishes it, and B delivers it.
 * Latency runs from the moment the request leaves (before its commit, so the figure is an upper
 * bound of commit-to-delivery) to the `notification` on the recipient's socket.
 */
const input = loadInput<{ a: string; b: string; recipients: string[]; senders: string[]; names: string[]; waves: number }>();
const sockets = await openMany(input.b, input.recipients, 100);
const sentAt = new Map<number, number>();
const latencies: number[] = [];
/** How long each request took to answer (its commit is inside), and how long after its answer the notification arrived (0 when before). */
const answers: number[] = [];
const afterAnswer: number[] = [];
const answeredAt = new Map<number, number>();
const deliveredAt = new Map<number, number>();
const sent = new Map<number, number>();
let pending: { left: number; done: () => void } | null = null;
sockets.forEach((ws, i) => {
  ws.on('message', (data) => {
    const msg = JSON.parse(data.toString()) as { type: string; notification?: { kind: string } };
    if (msg.type !== 'notification' || msg.notification?.kind !== 'friend_request') return;
    const at = sentAt.get(i);
    if (at === undefined) return;
    const now = performance.now();
    latencies.push(now - at);
    deliveredAt.set(i, now);
    sentAt.delete(i);
    if (pending && --pending.left === 0) pending.done();
  });
});
await new Promise((r) => setTimeout(r, 1000));
const perWave = Math.ceil(sockets.length / input.waves);
let lost = 0;
let failed = 0;
for (let wave = 0; wave < input.waves; wave++) {
  const ids = Array.from({ length: perWave }, (_, k) => wave * perWave + k).filter((i) => i < sockets.length);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 10_000);
    pending = {
      left: ids.length,
      done: () => {
        clearTimeout(timer);
        resolve();
      },
    };
    for (const i of ids) {
      sentAt.set(i, performance.now());
      sent.set(i, performance.now());
      void fetch(`${input.a}/api/friends/requests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: input.senders[i]! },
        body: JSON.stringify({ username: input.names[i] }),
      }).then(async (res) => {
        if (res.status !== 201) failed += 1;
        await res.arrayBuffer();
        answeredAt.set(i, performance.now());
        answers.push(performance.now() - sent.get(i)!);
      });
    }
  });
  lost += sentAt.size;
  sentAt.clear();
  pending = null;
  await new Promise((r) => setTimeout(r, 100));
}
// Answers of the last wave may still be on their way.
await new Promise((r) => setTimeout(r, 1000));
for (const [i, at] of deliveredAt) {
  const answered = answeredAt.get(i);
  if (answered !== undefined) afterAnswer.push(Math.max(0, at - answered));
}
for (const ws of sockets) ws.terminate();
report({
  deliveries: latencies.length,
  lost,
  failed,
  p50: percentile(latencies, 50),
  p95: percentile(latencies, 95),
  max: percentile(latencies, 100),
  answerP50: percentile(answers, 50),
  answerP95: percentile(answers, 95),
  afterAnswerP50: percentile(afterAnswer, 50),
  afterAnswerP95: percentile(afterAnswer, 95),
});
process.exit(0);
