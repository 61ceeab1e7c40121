import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../src/common/auth';
import { creditLedger, users } from '../src/server/db/schema';
import { SESSION_IDLE_MS } from '../src/server/domain/accounts';
import { authenticate } from '../src/server/services/accounts';
import { contextAt } from './helpers/context';
import { Player, uniqueName } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const player = () => new Player(t.base);

describe('POST /api/register', () => {
  it('creates the account with 2500 credits, a ledger row and a live session cookie', async () => {
    const p = player();
    const name = uniqueName('reg');
    const res = await p.post('/api/register', { username: name, password: 'abc' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), username: name, credits: 2500, role: 'player', recoveryCodes: expect.any(Array) });

    const setCookie = res.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/^ga_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');

    const me = await p.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ id: res.body.id, username: name, credits: 2500, role: 'player' });

    const ledger = await t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, res.body.id));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ delta: 2500, reason: 'starting_grant', balanceAfter: 2500 });
  });

  it('refuses a taken username in any case with 409', async () => {
    const name = uniqueName('Dup');
    await player().register(name);
    for (const variant of [name, name.toUpperCase(), name.toLowerCase()]) {
      const res = await player().post('/api/register', { username: variant, password: 'abcdef' });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: 'Username already exists' });
    }
  });

  it('lets exactly one of two simultaneous registrations of a name through', async () => {
    const name = uniqueName('race');
    const answers = await Promise.all([
      player().post('/api/register', { username: name, password: 'abcdef' }),
      player().post('/api/register', { username: name.toUpperCase(), password: 'abcdef' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const [{ count }] = (await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(sql`lower(${users.username})`, name.toLowerCase()))) as [{ count: number }];
    expect(count).toBe(1);
  });

  it.each([
    [{ username: uniqueName(), password: 'ab' }, AUTH_MESSAGES.passwordShort],
    [{ username: uniqueName(), password: 'x'.repeat(129) }, AUTH_MESSAGES.passwordLong],
    [{ username: 'ab', password: 'abcdef' }, AUTH_MESSAGES.usernameLength],
    [{ username: 'a'.repeat(21), password: 'abcdef' }, AUTH_MESSAGES.usernameLength],
    [{ username: 'bad name!', password: 'abcdef' }, AUTH_MESSAGES.usernameChars],
    [{ password: 'abcdef' }, AUTH_MESSAGES.missing],
    [{ username: uniqueName() }, AUTH_MESSAGES.missing],
  ])('refuses %o with a clear 400', async (body, message) => {
    const res = await player().post('/api/register', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('states the short-password rule in words a player understands', () => {
    expect(AUTH_MESSAGES.passwordShort).toBe('Password must be at least 3 characters long');
  });
});

describe('POST /api/login', () => {
  it('signs in with a new token each time and ends the session the browser held', async () => {
    const p = player();
    const { username, password, user } = await p.register();
    const registerCookie = p.cookie;

    const res = await p.post('/api/login', { username: username.toUpperCase(), password });
    expect(res.status).toBe(200);
    // The recovery codes are the register answer's alone.
    const { recoveryCodes, ...shown } = user as typeof user & { recoveryCodes?: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(res.body).toEqual(shown);
    expect(p.cookie).toBeDefined();
    expect(p.cookie).not.toBe(registerCookie);

    const old = player();
    old.cookie = registerCookie;
    expect((await old.get('/api/user')).status).toBe(401);
    expect((await p.get('/api/user')).status).toBe(200);
  });

  it('answers an unknown user exactly as a wrong password', async () => {
    const { username } = await player().register();
    const wrong = await player().post('/api/login', { username, password: 'not-the-password' });
    const unknown = await player().post('/api/login', { username: uniqueName('ghost'), password: 'whatever' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.headers.getSetCookie()).toEqual([]);
  });

  it('refuses missing fields with 400', async () => {
    const res = await player().post('/api/login', { username: '', password: '' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: AUTH_MESSAGES.missing });
  });

  it('throttles an account after 10 failures in 15 minutes, even for the right password', async () => {
    const { username, password } = await player().register();
    for (let i = 0; i < 10; i++) {
      const res = await player().post('/api/login', { username, password: `wrong-${i}` });
      expect(res.status).toBe(401);
    }
    const eleventh = await player().post('/api/login', { username, password: 'wrong-again' });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toEqual({ message: AUTH_MESSAGES.tooManyAttempts });
    const right = await player().post('/api/login', { username, password });
    expect(right.status).toBe(429);

    // Another account is not affected.
    const other = await player().register();
    expect((await player().post('/api/login', { username: other.username, password: other.password })).status).toBe(200);
  });

  it('throttles unknown accounts the same way, so 429 reveals nothing', async () => {
    const ghost = uniqueName('ghost');
    for (let i = 0; i < 10; i++) await player().post('/api/login', { username: ghost, password: 'x' });
    expect((await player().post('/api/login', { username: ghost, password: 'x' })).status).toBe(429);
  });

  it("counts failures per address: the failing address is refused, the owner elsewhere is not", async () => {
    const local = await startTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const from = (address: string) => ({ 'x-forwarded-for': address });
      const owner = new Player(local.base);
      const { username, password } = await owner.register();
      const stranger = '203.0.113.7';
      for (let i = 0; i < 10; i++) {
        expect((await new Player(local.base).post('/api/login', { username, password: `guess-${i}` }, from(stranger))).status).toBe(401);
      }
      const refused = await new Player(local.base).post('/api/login', { username, password }, from(stranger));
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: AUTH_MESSAGES.tooManyAttempts });
      // The owner, from home, gets in; the stranger stays refused.
      expect((await new Player(local.base).post('/api/login', { username, password }, from('198.51.100.2'))).status).toBe(200);
      expect((await new Player(local.base).post('/api/login', { username, password: 'guess' }, from(stranger))).status).toBe(429);
      // An unknown account answers the same way from that address.
      const ghost = uniqueName('ghost');
      for (let i = 0; i < 10; i++) await new Player(local.base).post('/api/login', { username: ghost, password: 'x' }, from(stranger));
      expect((await new Player(local.base).post('/api/login', { username: ghost, password: 'x' }, from(stranger))).body).toEqual(refused.body);
    } finally {
      await local.close();
    }
  });

  it('forgets failures after a successful login', async () => {
    const { username, password } = await player().register();
    for (let i = 0; i < 9; i++) await player().post('/api/login', { username, password: 'nope' });
    expect((await player().post('/api/login', { username, password })).status).toBe(200);
    for (let i = 0; i < 9; i++) await player().post('/api/login', { username, password: 'nope' });
    expect((await player().post('/api/login', { username, password })).status).toBe(200);
  });
});

describe('registration limit per address', () => {
  it('allows REGISTRATION_LIMIT accounts per address per hour, then 429 with when to try again', async () => {
    const local = await startTestApp({ env: { TRUST_PROXY: '1', REGISTRATION_LIMIT: '3' } });
    try {
      const from = (address: string) => ({ 'x-forwarded-for': address });
      const signUp = (address: string) =>
        new Player(local.base).post('/api/register', { username: uniqueName('farm'), password: 'secret-pass' }, from(address));
      for (let i = 0; i < 3; i++) expect((await signUp('192.0.2.10')).status).toBe(201);
      const refused = await signUp('192.0.2.10');
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Too many accounts were created from your network\. Try again in (\d+m )?\d+s\.$/);
      expect((await signUp('192.0.2.11')).status).toBe(201);
      expect(await local.database.db.$count(users)).toBe(4);
    } finally {
      await local.close();
    }
  });

  it('lets exactly the limit through when registrations from one address race', async () => {
    const local = await startTestApp({ env: { REGISTRATION_LIMIT: '3' } });
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => new Player(local.base).post('/api/register', { username: uniqueName('race'), password: 'secret-pass' })),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
    } finally {
      await local.close();
    }
  });

  it('uses the socket address unless TRUST_PROXY is set, and 0 turns the limit off', async () => {
    const strict = await startTestApp({ env: { REGISTRATION_LIMIT: '1' } });
    const open = await startTestApp({ env: { REGISTRATION_LIMIT: '0' } });
    try {
      const signUp = (base: string, address: string) =>
        new Player(base).post('/api/register', { username: uniqueName('xff'), password: 'secret-pass' }, { 'x-forwarded-for': address });
      expect((await signUp(strict.base, '192.0.2.20')).status).toBe(201);
      // A forged header from an untrusted client changes nothing.
      expect((await signUp(strict.base, '192.0.2.21')).status).toBe(429);
      for (let i = 0; i < 6; i++) expect((await signUp(open.base, '192.0.2.22')).status).toBe(201);
    } finally {
      await strict.close();
      await open.close();
    }
  });
});

describe('sessions', () => {
  it('GET /api/user without a cookie is a JSON 401', async () => {
    const res = await player().get('/api/user');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body).toEqual({ message: 'Authentication required' });
  });

  it('a forged cookie is a 401', async () => {
    const p = player();
    p.cookie = 'ga_session=' + 'A'.repeat(43);
    expect((await p.get('/api/user')).status).toBe(401);
  });

  it('the session cookie dies at logout', async () => {
    const p = player();
    await p.register();
    const cookie = p.cookie;
    const out = await p.post('/api/logout');
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: 'Logged out' });
    expect(out.headers.getSetCookie().join()).toMatch(/ga_session=;/);

    const replay = player();
    replay.cookie = cookie;
    expect((await replay.get('/api/user')).status).toBe(401);
  });

  it('logout without a session still answers 200', async () => {
    expect((await player().post('/api/logout')).status).toBe(200);
  });

  it('a session idle for more than 7 days is dead; use slides the expiry', async () => {
    const p = player();
    await p.register();
    const token = p.cookie!.split('=')[1]!;
    const now = Date.now();
    expect(await authenticate(contextAt(t.app.ctx, now + SESSION_IDLE_MS - 60_000), token)).not.toBeNull();
    // That use pushed the expiry forward, so a week after it the session still lives...
    expect(await authenticate(contextAt(t.app.ctx, now + 2 * SESSION_IDLE_MS - 120_000), token)).not.toBeNull();
    // ...but not after a full idle week.
    expect(await authenticate(contextAt(t.app.ctx, now + 4 * SESSION_IDLE_MS), token)).toBeNull();
  });
});

describe('request guards', () => {
  it('refuses a state-changing request from a foreign Origin with 403', async () => {
    const res = await player().post(
      '/api/register',
      { username: uniqueName(), password: 'abcdef' },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Cross-origin request refused' });
  });

  it('refuses Sec-Fetch-Site: cross-site', async () => {
    const res = await player().post('/api/logout', undefined, { 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(403);
  });

  it('accepts its own origin', async () => {
    const res = await player().post('/api/register', { username: uniqueName(), password: 'abcdef' }, { origin: t.base });
    expect(res.status).toBe(201);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope/deeper'],
      ['DELETE', '/api'],
    ] as const) {
      const res = await player().request(method, path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Not found' });
    }
  });

  it('answers malformed JSON with a JSON 400 and no internals', async () => {
    const res = await player().post('/api/login', '{"username":');
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    expect(res.text).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('serves the client for every other path', async () => {
    for (const path of ['/', '/characters', '/no/such/screen?x=1']) {
      const res = await fetch(t.base + path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('Glitch Arena test client');
    }
  });

  it('the database refuses a negative balance', async () => {
    const { user } = await player().register();
    await expect(
      t.database.db.update(users).set({ credits: -1 }).where(eq(users.id, user.id)),
    ).rejects.toThrow();
  });
});

describe('internal errors', () => {
  it('answer 500 with a generic JSON message, never a stack trace', async () => {
    const local = await startTestApp({
      beforeListen: (app) =>
        app.get('/api/test-explode', async () => {
          throw new Error('secret internals at db.ts:42');
        }),
    });
    try {
      const res = await new Player(local.base).get('/api/test-explode');
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: 'Internal server error' });
      expect(res.text).not.toContain('secret');
    } finally {
      await local.close();
    }
  });

  it('ALLOWED_ORIGINS admits a listed front-end origin', async () => {
    const local = await startTestApp({ env: { ALLOWED_ORIGINS: 'https://play.glitch.example' } });
    try {
      const ok = await new Player(local.base).post('/api/logout', undefined, { origin: 'https://play.glitch.example' });
      expect(ok.status).toBe(200);
      const bad = await new Player(local.base).post('/api/logout', undefined, { origin: 'https://other.example' });
      expect(bad.status).toBe(403);
    } finally {
      await local.close();
    }
  });
});
