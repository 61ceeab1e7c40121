import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../src/common/auth';
import { loginFailures } from '../src/server/db/schema';
import {
  LOGIN_ACCOUNT_CEILING,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_DELAY_MS,
  LOGIN_MAX_FAILURES,
  LOGIN_MAX_FAILURES_UNDER_CEILING,
  LOGIN_MAX_WAITING_PER_ACCOUNT,
  usernameKey,
} from '../src/server/domain/accounts';
import type { Sleep } from '../src/server/services/login-gate';
import { movableClock } from './helpers/context';
import { Player, uniqueName } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';
import { waitUntil } from './helpers/test-socket';

/**
 * The per-account ceiling of login failures: a guesser spread over many addresses (30 addresses
 * of 10 guesses each used to get 300 guesses per 15 minutes) waits and is refused, while the owner
 * from an address that has not failed still gets in. The waits take no wall time here: the app's
 * sleep only records them.
 */

const clock = movableClock();
const slept: number[] = [];
let sleep: Sleep = async (ms) => void slept.push(ms);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: '1' }, clock, logins: { sleep: (ms) => sleep(ms) } });
});
afterAll(async () => {
  await t?.close();
});

const attempt = (username: string, password: string, address: string) =>
  new Player(t.base).post('/api/login', { username, password }, { 'x-forwarded-for': address });

/** Every address guesses `perAddress` times in turn; answers the statuses and the waits. */
async function guess(username: string, addresses: string[], perAddress: number) {
  slept.length = 0;
  const statuses: number[] = [];
  for (const address of addresses) {
    for (let i = 0; i < perAddress; i++) statuses.push((await attempt(username, `guess-${i}`, address)).status);
  }
  return { statuses, waits: [...slept] };
}

const range = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}.${i + 1}`);

describe('the per-account ceiling', () => {
  it('engages after 30 addresses x 10 failures, refusing failed addresses and delaying the rest; the owner gets in', async () => {
    const { username, password } = await new Player(t.base).register();
    const { statuses, waits } = await guess(username, range('203.0.113', 30), 10);

    // Two addresses fail freely up to the ceiling; every later address gets a few guesses, each after a wait.
    const failed = statuses.filter((s) => s === 401).length;
    expect(statuses.slice(0, LOGIN_ACCOUNT_CEILING).every((s) => s === 401)).toBe(true);
    expect(failed).toBe(LOGIN_ACCOUNT_CEILING + (30 - LOGIN_ACCOUNT_CEILING / LOGIN_MAX_FAILURES) * LOGIN_MAX_FAILURES_UNDER_CEILING);
    expect(statuses.filter((s) => s === 429)).toHaveLength(300 - failed);
    expect(waits).toHaveLength(failed - LOGIN_ACCOUNT_CEILING);
    expect(waits[0]).toBe(500);
    expect(waits.every((ms, i) => i === 0 || ms >= waits[i - 1]!)).toBe(true);
    expect(Math.max(...waits)).toBe(LOGIN_MAX_DELAY_MS);

    // The owner, from an address that has not failed, waits and gets in.
    slept.length = 0;
    expect((await attempt(username, password, '192.0.2.50')).status).toBe(200);
    expect(slept).toEqual([LOGIN_MAX_DELAY_MS]);
    // A failed address stays refused even with the right password; getting in lifts nothing.
    const refused = await attempt(username, password, '203.0.113.30');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: AUTH_MESSAGES.tooManyAttempts });

    // An unknown account is answered exactly alike, wait for wait.
    const ghost = await guess(uniqueName('ghost'), range('198.51.100', 30), 10);
    expect(ghost.statuses).toEqual(statuses);
    expect(ghost.waits).toEqual(waits);

    // Once the failures leave the 15-minute window the ceiling lifts.
    clock.advance(LOGIN_FAILURE_WINDOW_MS + 1000);
    slept.length = 0;
    expect((await attempt(username, 'guess-again', '203.0.113.30')).status).toBe(401);
    expect(slept).toEqual([]);
  });

  it('lets at most 5 attempts wait on an account, one per address, and answers the rest 429 with Retry-After at once', async () => {
    const { username, password } = await new Player(t.base).register();
    const key = usernameKey(username);
    const at = clock.now();
    await t.database.db
      .insert(loginFailures)
      .values(range('192.0.2', LOGIN_ACCOUNT_CEILING).map((address) => ({ usernameKey: key, address, createdAt: at })));

    const wakers: (() => void)[] = [];
    sleep = () => new Promise<void>((resolve) => wakers.push(resolve));
    try {
      const waiting = [attempt(username, 'guess', '198.18.0.1')];
      await waitUntil(() => t.app.ctx.logins.waiting(key) === 1);
      const again = await attempt(username, password, '198.18.0.1');
      expect(again.status).toBe(429);
      expect(again.headers.get('retry-after')).toBe('1');
      for (let i = 2; i <= LOGIN_MAX_WAITING_PER_ACCOUNT; i++) waiting.push(attempt(username, 'guess', `198.18.0.${i}`));
      await waitUntil(() => t.app.ctx.logins.waiting(key) === LOGIN_MAX_WAITING_PER_ACCOUNT);
      const crowded = await attempt(username, password, '198.18.0.99');
      expect(crowded.status).toBe(429);
      expect(crowded.body).toEqual({ message: AUTH_MESSAGES.tooManyAttempts });
      expect(crowded.headers.get('retry-after')).toBe('1');
      // Waiting holds no database connection.
      const pool = t.database.pool;
      if (pool) await waitUntil(() => pool().total === pool().idle);
      // Another account does not wait at all.
      const other = await new Player(t.base).register();
      expect((await attempt(other.username, 'nope', '198.18.0.99')).status).toBe(401);

      for (const wake of wakers) wake();
      expect((await Promise.all(waiting)).map((a) => a.status)).toEqual(Array(LOGIN_MAX_WAITING_PER_ACCOUNT).fill(401));
      expect(t.app.ctx.logins.waiting()).toBe(0);
    } finally {
      sleep = async (ms) => void slept.push(ms);
      for (const wake of wakers) wake();
    }
  });
});
