import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { TOO_MANY_CONNECTIONS } from '../src/server/http/connection-limits';
import { register } from '../src/server/services/accounts';
import { uniqueName } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';
import { TestSocket, waitUntil } from './helpers/test-socket';

/**
 * Per-address caps on connections and the HTTP timeouts (docs/decisions.md 'Connections').
 * Nothing here waits a fixed time: a test opens up to its cap and one more, or waits for the
 * server to close a connection, with timeouts set small.
 */

/** A plain TCP connection to the server: what it was sent back, and when it closed. */
class Raw {
  text = '';
  readonly closed: Promise<void>;

  private constructor(readonly socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (this.text += chunk));
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
  }

  static async open(t: TestApp): Promise<Raw> {
    const raw = new Raw(connect(Number(new URL(t.base).port), '127.0.0.1'));
    raws.push(raw);
    await Promise.race([new Promise((resolve) => raw.socket.once('connect', resolve)), raw.closed]);
    return raw;
  }

  /** Sends a GET and waits for its whole answer; answers the status line. */
  async get(path: string, headers: Record<string, string> = {}): Promise<string> {
    const from = this.text.length;
    const lines = Object.entries({ host: 'arena.test', ...headers }).map(([name, value]) => `${name}: ${value}`);
    this.socket.write(`GET ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
    await waitUntil(() => {
      const answer = this.text.slice(from);
      const end = answer.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(answer)?.[1];
      return end >= 0 && length !== undefined && answer.length >= end + 4 + Number(length);
    });
    return this.text.slice(from).split('\r\n')[0]!;
  }
}

const raws: Raw[] = [];
const apps: TestApp[] = [];
async function app(env: Record<string, string>): Promise<TestApp> {
  const t = await startTestApp({ env });
  apps.push(t);
  return t;
}
afterEach(async () => {
  // Connections left open would hold the server's close until their timeout.
  for (const raw of raws.splice(0)) raw.socket.destroy();
  for (const t of apps.splice(0)) await t.close();
});

/** A signed-in player's cookie, made without an HTTP connection of its own. */
async function playerCookie(t: TestApp): Promise<string> {
  const { token } = await register(t.app.ctx, { username: uniqueName('conn'), password: 'secret-pass' }, { address: '192.0.2.1' });
  return `ga_session=${token}`;
}

const HOME = '127.0.0.1';

describe('connections per address', () => {
  it('closes a connection past MAX_CONNECTIONS_PER_ADDRESS at once; sockets count too', async () => {
    const t = await app({ MAX_CONNECTIONS_PER_ADDRESS: '3', MAX_UNAUTHENTICATED_PER_ADDRESS: '0' });
    const cookie = await playerCookie(t);
    const open = [await Raw.open(t), await Raw.open(t), await Raw.open(t)];
    await waitUntil(() => t.app.connectionLimits.countOf(HOME).open === 3);
    const extra = await Raw.open(t);
    await extra.closed;
    expect(extra.text).toBe('');
    expect(await open[0]!.get('/healthz')).toBe('HTTP/1.1 200 OK');

    // One closes: a socket takes its place, and the address is full again.
    open[1]!.socket.destroy();
    await waitUntil(() => t.app.connectionLimits.countOf(HOME).open === 2);
    const socket = await TestSocket.open(t.base, cookie);
    await waitUntil(() => t.app.connectionLimits.countOf(HOME).open === 3);
    await (await Raw.open(t)).closed;
    expect((await socket.ask({ type: 'ping' }, 'pong')).type).toBe('pong');
    socket.close();
  });

  it('closes a connection past MAX_UNAUTHENTICATED_PER_ADDRESS; signed-in connections and sockets do not count', async () => {
    const t = await app({ MAX_CONNECTIONS_PER_ADDRESS: '0', MAX_UNAUTHENTICATED_PER_ADDRESS: '2' });
    const cookie = await playerCookie(t);
    const count = () => t.app.connectionLimits.countOf(HOME);
    const player = await Raw.open(t);
    expect(await player.get('/api/user', { cookie })).toBe('HTTP/1.1 200 OK');
    await waitUntil(() => count().open === 1 && count().unauthenticated === 0);

    const silent = [await Raw.open(t), await Raw.open(t)];
    expect(await silent[1]!.get('/healthz')).toBe('HTTP/1.1 200 OK');
    await waitUntil(() => count().unauthenticated === 2);
    await (await Raw.open(t)).closed;
    // A socket's upgrade comes on a new connection, refused like any other.
    await expect(TestSocket.open(t.base, cookie)).rejects.toThrow();

    silent[0]!.socket.destroy();
    await waitUntil(() => count().unauthenticated === 1);
    const socket = await TestSocket.open(t.base, cookie);
    // Upgraded, it is signed in: one more unauthenticated connection fits, then none.
    await waitUntil(() => count().open === 3 && count().unauthenticated === 1);
    const last = await Raw.open(t);
    await waitUntil(() => count().unauthenticated === 2);
    await (await Raw.open(t)).closed;
    expect(last.socket.destroyed).toBe(false);
    expect(await player.get('/api/user', { cookie })).toBe('HTTP/1.1 200 OK');
    expect((await socket.ask({ type: 'ping' }, 'pong')).type).toBe('pong');
    socket.close();
  });

  it('behind a proxy counts requests and upgrades per forwarded address, never the proxy connections', async () => {
    const t = await app({ TRUST_PROXY: '1', MAX_CONNECTIONS_PER_ADDRESS: '1', MAX_UNAUTHENTICATED_PER_ADDRESS: '2' });
    const cookie = await playerCookie(t);
    const from = (address: string) => ({ 'x-forwarded-for': address });
    const proxied = [await Raw.open(t), await Raw.open(t), await Raw.open(t)];
    for (const raw of proxied) expect(await raw.get('/healthz', from('198.51.100.1'))).toBe('HTTP/1.1 200 OK');

    // Two requests whose bodies never come hold the address's two places.
    const flooder = '203.0.113.9';
    const slow = [await Raw.open(t), await Raw.open(t)];
    for (const raw of slow) {
      raw.socket.write(`POST /api/login HTTP/1.1\r\nhost: arena.test\r\nx-forwarded-for: ${flooder}\r\ncontent-type: application/json\r\ncontent-length: 60\r\n\r\n{`);
    }
    await waitUntil(() => t.app.connectionLimits.countOf(flooder).unauthenticated === 2);
    const refused = await fetch(`${t.base}/healthz`, { headers: from(flooder) });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({ message: TOO_MANY_CONNECTIONS });
    expect((await TestSocket.refusal(t.base, cookie, { headers: from(flooder) })).status).toBe(429);
    // A signed-in player of that address is let through, and other addresses are untouched.
    expect((await fetch(`${t.base}/api/user`, { headers: { ...from(flooder), cookie } })).status).toBe(200);
    expect((await fetch(`${t.base}/healthz`, { headers: from('203.0.113.10') })).status).toBe(200);
    const elsewhere = await TestSocket.open(t.base, cookie, { headers: from('203.0.113.10') });

    slow[0]!.socket.destroy();
    await waitUntil(() => t.app.connectionLimits.countOf(flooder).unauthenticated === 1);
    expect((await fetch(`${t.base}/healthz`, { headers: from(flooder) })).status).toBe(200);
    const socket = await TestSocket.open(t.base, cookie, { headers: from(flooder) });
    await waitUntil(() => t.app.connectionLimits.countOf(flooder).unauthenticated === 1);
    socket.close();
    elsewhere.close();
  });
});

describe('HTTP timeouts', () => {
  it('closes a silent connection and an idle keep-alive one; sockets stay open', async () => {
    const t = await app({ HTTP_CONNECTION_TIMEOUT_MS: '300', HTTP_KEEP_ALIVE_TIMEOUT_MS: '300' });
    const socket = await TestSocket.open(t.base, await playerCookie(t));
    const silent = await Raw.open(t);
    await silent.closed;
    expect(silent.text).toBe('');
    const kept = await Raw.open(t);
    expect(await kept.get('/healthz')).toBe('HTTP/1.1 200 OK');
    await kept.closed;
    expect((await socket.ask({ type: 'ping' }, 'pong')).type).toBe('pong');
    socket.close();
  });

  it('answers 408 and closes when headers or a body stop coming; sockets stay open', async () => {
    const t = await app({ HTTP_CONNECTION_TIMEOUT_MS: '60000', HTTP_HEADERS_TIMEOUT_MS: '300', HTTP_REQUEST_TIMEOUT_MS: '600' });
    const socket = await TestSocket.open(t.base, await playerCookie(t));
    const headers = await Raw.open(t);
    headers.socket.write('GET /healthz HTTP/1.1\r\nhost: arena.test\r\n');
    const body = await Raw.open(t);
    body.socket.write('POST /api/login HTTP/1.1\r\nhost: arena.test\r\ncontent-type: application/json\r\ncontent-length: 60\r\n\r\n{');
    await Promise.all([headers.closed, body.closed]);
    expect(headers.text).toMatch(/^HTTP\/1.1 408 /);
    expect(body.text).toMatch(/^HTTP\/1.1 408 /);
    expect((await socket.ask({ type: 'ping' }, 'pong')).type).toBe('pong');
    socket.close();
  });
});
