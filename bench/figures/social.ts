import type { Figure } from '../lib/figure';
import { createScratchDatabase } from '../lib/db';
import { cookieOf, seedPlayers } from '../lib/seed';
import { runLoad, startGameServer } from '../lib/server';
import { round } from '../lib/stats';

interface Delivery {
  deliveries: number;
  lost: number;
  failed: number;
  p50: number;
  p95: number;
  max: number;
  answerP50: number;
  answerP95: number;
  afterAnswerP50: number;
  afterAnswerP95: number;
}

const WAVES = 100;

/**
 * social.notify (issue 25): `count` players with a socket on instance B each get a notification
 * from a domain event committed on instance A (a friend request), in waves of a tenth of them:
 * p95 from the request to the notification on the socket. Needs Redis (two instances).
 */
export async function socialFigures(env: Record<string, string>, count: number): Promise<Figure[]> {
  const figure = `Notifications across instances: ${count.toLocaleString('en')} players on instance B, each notified of an event committed on A, p95 delivery`;
  if (!env.REDIS_URL) {
    return [{ id: 'social.notify', figure, ours: 'not run', baseline: '—', ratio: null, target: 'p95 ≤ 100 ms', met: null, note: 'Needs REDIS_URL: two instances share the bus.' }];
  }
  const db = await createScratchDatabase();
  try {
    const recipients = await seedPlayers(db, { count, prefix: 'nr' });
    const senders = await seedPlayers(db, { count, prefix: 'ns' });
    const [a, b] = await Promise.all([startGameServer({ DATABASE_URL: db.url, ...env }), startGameServer({ DATABASE_URL: db.url, ...env })]);
    try {
      const ours = await runLoad<Delivery>('bench/load/social-notify.ts', {
        a: a.base,
        b: b.base,
        recipients: recipients.map((p) => cookieOf(p.token)),
        senders: senders.map((p) => cookieOf(p.token)),
        names: recipients.map((p) => p.username),
        waves: WAVES,
      });
      return [
        {
          id: 'social.notify',
          figure,
          ours: `p95 ${round(ours.afterAnswerP95, 1)} ms (p50 ${round(ours.afterAnswerP50, 1)}) from the commit's answer; ${round(ours.p95, 1)} ms (p50 ${round(ours.p50, 1)}) from sending the request; ${ours.lost} lost, ${ours.failed} refused`,
          baseline: '—',
          ratio: null,
          target: 'p95 ≤ 100 ms',
          met: ours.afterAnswerP95 <= 100 && ours.lost === 0 && ours.failed === 0,
          note: `Commit to delivery lies between the two figures: the answer leaves just after the commit, the request before it. ${WAVES} waves of ${Math.ceil(count / WAVES)} friend requests sent at once to instance A, measured from each request's sending, so the figure holds the request itself up to its commit (answered p50 ${round(ours.answerP50, 1)} ms, p95 ${round(ours.answerP95, 1)} ms); from the answer (just after the commit) to the socket on B: p50 ${round(ours.afterAnswerP50, 1)} ms, p95 ${round(ours.afterAnswerP95, 1)} ms. PostgreSQL + Redis, two instances, on the shared machine.`,
          data: ours,
        },
      ];
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  } finally {
    await db.drop();
  }
}
