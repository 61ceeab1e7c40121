import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECOVERY_MESSAGES } from '../src/common/recovery';
import { recoveryCodes } from '../src/server/db/schema-moderation';
import { Player, uniqueName } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';
import { TestSocket } from './helpers/test-socket';

/** Account recovery without email (docs/decisions.md 'Account recovery'). */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await t?.close();
});

async function registered() {
  const p = new Player(t.base);
  const username = uniqueName('rec');
  const res = await p.post('/api/register', { username, password: 'old-pass' });
  expect(res.status).toBe(201);
  return { p, username, id: res.body.id as number, codes: res.body.recoveryCodes as string[] };
}

/** Each test asks from its own address, so the per-address throttle of one does not reach another. */
let address = 0;
const from = () => ({ 'x-forwarded-for': `10.9.${Math.floor(++address / 250)}.${address % 250}` });

describe('recovery codes', () => {
  it('are ten distinct codes at registration, stored only as hashes', async () => {
    const { id, codes } = await registered();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const stored = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, id));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes).not.toContain(row.codeHash);
  });

  it('sets a new password with a code, ends every session and socket, signs in, and a code works once', async () => {
    const { p, username, codes } = await registered();
    const socket = await TestSocket.open(t.base, p.cookie);
    const helper = new Player(t.base);
    const res = await helper.post('/api/account/recover', { username: username.toUpperCase(), code: ` ${codes[3]!.toUpperCase()} `, newPassword: 'new-pass' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username, role: 'player' });
    expect((await helper.get('/api/user')).status).toBe(200);
    await socket.closed;
    expect((await p.get('/api/user')).status).toBe(401);
    expect((await new Player(t.base).post('/api/login', { username, password: 'old-pass' })).status).toBe(401);
    expect((await new Player(t.base).post('/api/login', { username, password: 'new-pass' })).status).toBe(200);
    // The same code again: refused as any wrong code.
    const again = await new Player(t.base).post('/api/account/recover', { username, code: codes[3], newPassword: 'third-pass' });
    expect(again).toMatchObject({ status: 401, body: { message: RECOVERY_MESSAGES.invalid } });
    // Another code of the set still works.
    expect((await new Player(t.base).post('/api/account/recover', { username, code: codes[4], newPassword: 'third-pass' })).status).toBe(200);
  });

  it('answers an unknown player exactly as a wrong code, and throttles both alike per account and address', async () => {
    const { username } = await registered();
    const attempt = (name: string, headers: Record<string, string>) => new Player(t.base).post('/api/account/recover', { username: name, code: 'aaaa-bbbb-cccc-dddd', newPassword: 'x-pass' }, headers);
    /** Wrong codes until 429: how many were answered 401 first, and the answers. */
    async function untilThrottled(name: string) {
      const headers = from();
      const answers = [];
      for (let i = 0; i < 15; i++) {
        const res = await attempt(name, headers);
        answers.push({ status: res.status, body: res.body as unknown });
        if (res.status === 429) break;
      }
      return answers;
    }
    const known = await untilThrottled(username);
    const unknown = await untilThrottled(uniqueName('ghost'));
    expect(known.at(-1)!.status).toBe(429);
    expect(unknown).toEqual(known);
    expect(known[0]).toEqual({ status: 401, body: { message: RECOVERY_MESSAGES.invalid } });
  });

  it('makes a new set with the password; the old set stops working', async () => {
    const { p, username, codes } = await registered();
    expect((await p.post('/api/account/recovery-codes', { password: 'nope' })).status).toBe(400);
    expect((await p.post('/api/account/recovery-codes', {})).status).toBe(400);
    expect((await new Player(t.base).post('/api/account/recovery-codes', { password: 'old-pass' })).status).toBe(401);
    const fresh = await p.post('/api/account/recovery-codes', { password: 'old-pass' });
    expect(fresh.status).toBe(200);
    expect(fresh.body.codes).toHaveLength(10);
    expect(fresh.body.codes.some((c: string) => codes.includes(c))).toBe(false);
    expect((await new Player(t.base).post('/api/account/recover', { username, code: codes[0], newPassword: 'n-pass' })).status).toBe(401);
    expect((await new Player(t.base).post('/api/account/recover', { username, code: fresh.body.codes[0], newPassword: 'n-pass' })).status).toBe(200);
  });
});
