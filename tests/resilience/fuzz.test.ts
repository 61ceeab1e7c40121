import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { clientMessage } from '../../src/common/ws-messages';
import { Player, uniqueName } from '../helpers/player';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';
import { openTestDatabase, type TestDatabase } from '../helpers/test-db';
import { POSTGRES_URL, REDIS_URL, skipReason } from './env';

/**
 * Bad input: random and malformed bodies, params and queries on every HTTP route (read from
 * the API document, so new routes are fuzzed too) and on every socket message type. No 5xx, no
 * crash, every refusal a JSON `{message}`.
 */
const HTTP_REQUESTS = 5000;
const PARALLEL = 8;
const SOCKETS = 40;
/** Below the gateway's per-connection rate limit (20 per 10 s), so sockets stay open. */
const PER_SOCKET = 18;

const SESSION_ENDING = new Set(['/api/logout', '/api/account/sign-out-everywhere', '/api/account/password', '/api/account/recover']);
/** The moderators' routes are fuzzed with an admin's session too (past the 403), all but the one that would end the players' sessions. */
const STAFF_ONLY = /^\/api\/mod\//;
const ENDS_OTHERS = /\/suspend$/;

interface Route {
  method: string;
  path: string;
}

/** Every /api route, from the API document the server builds from the routes' contracts. */
async function discoverRoutes(base: string): Promise<Route[]> {
  const doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/'))
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{(\w+)\}/g, ':$1') })));
}

let seed = 0x9e3779b9;
function rand(n: number): number {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) % n;
}
const pick = <T>(items: readonly T[]): T => items[rand(items.length)]!;

/** Names and texts that draw nothing, smear, reorder or impersonate the game (DESIGN §4 Text). */
const TEXT_VALUES = ['\u3164\u3164\u3164', '\u115f\u1160\uffa0', '\u2800\u3000', '\u0301\u0308\ufe0f', 'a' + '\u0301'.repeat(498), 'hi \u202eexe.gnp', 'a\u2066b', 'Adm1n', 'ＳＹＳＴＥＭ', 'sуstem', 'G1itch_Arena'];
const NASTY_STRINGS = ['', ' ', 'a', 'x'.repeat(600), '💥'.repeat(300), '<script>alert(1)</script>', "'; drop table users; --", '\u0000', 'null', '-1', '1e309', 'NaN', '__proto__', 'warrior', 'attack', 'dragon_lord', 'weapon', 'overall', ...TEXT_VALUES];
const NASTY_NUMBERS = [0, -1, 1, 2, 3, 1.5, 2 ** 31, 2 ** 53, -(2 ** 31), 1e308, Number.MAX_SAFE_INTEGER];
/** Ids past PostgreSQL's integer range or not whole: every id field and path id gets them often. */
const ID_VALUES = [2 ** 31, 2 ** 53, -1, 1.5, 1e308];
/** Path ids a number parser reads as 1 or 16, and the edges of the range (before encoding). */
const PATH_ID_SPELLINGS = ['0x10', '  1', '00000000001', '1e0', '+1', '1.0', '2147483648', '2147483647'];
const ID_FIELDS = new Set(['characterId', 'listingId', 'equipmentId', 'skillId', 'guildId', 'defenderGuildId', 'battleId', 'userId', 'targetId']);

function randomValue(depth = 0): unknown {
  switch (rand(depth > 2 ? 5 : 8)) {
    case 0:
      return null;
    case 1:
      return pick(NASTY_NUMBERS);
    case 2:
      return pick(NASTY_STRINGS);
    case 3:
      return rand(2) === 0;
    case 4:
      return rand(1000);
    case 5:
      return Array.from({ length: rand(4) }, () => randomValue(depth + 1));
    default:
      return randomObject(depth + 1);
  }
}

const FIELDS = ['characterId', 'defenderGuildId', 'price', 'listingId', 'move', 'message', 'name', 'class', 'characterAvatar', 'equipmentSet', 'slot', 'equipmentId', 'skillId', 'imageSet', 'username', 'password', 'stats', 'attack', 'amount', 'role', 'guildId', 'targetGuildId', 'description', 'isPrivate', 'userId', 'text', 'type', 'battleId', 'action', 'kind', 'targetId', 'reason', 'note', 'minutes', 'days', 'code', 'newPassword', 'constructor', '__proto__'];

function randomObject(depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = rand(5); i > 0; i--) {
    const field = pick(FIELDS);
    out[field] = ID_FIELDS.has(field) && rand(2) === 0 ? pick(ID_VALUES) : randomValue(depth);
  }
  return out;
}

/** A body: valid-looking JSON, random JSON, malformed text, or the wrong content type. */
function randomBody(): { body?: string; type?: string } {
  switch (rand(10)) {
    case 0:
      return {};
    case 1:
      return { body: pick(['{', '{"a":', 'nul', '[1,2', '{"characterId":}', '\u0000\u0001', '{}}', '"unterminated']), type: 'application/json' };
    case 2:
      return { body: 'characterId=1&price=5', type: pick(['application/x-www-form-urlencoded', 'text/plain', 'application/xml']) };
    case 3:
      return { body: JSON.stringify(randomValue()), type: 'application/json' };
    case 4:
      return { body: `{"message":"${'x'.repeat(70 * 1024)}"}`, type: 'application/json' };
    default:
      return { body: JSON.stringify(randomObject()), type: 'application/json' };
  }
}

function randomPath(path: string): string {
  const ids = ['1', '2', '0', 'abc', '99999999999', '1e3', '%00', '..', String(rand(50)), ...ID_VALUES.map(String), ...PATH_ID_SPELLINGS];
  const filled = path.replace(/:[a-zA-Z]+/g, () => encodeURIComponent(pick(ids)));
  if (rand(3) === 0) {
    const keys = ['category', 'limit', 'before', 'sort', 'page', 'q', 'cursor', 'class', 'minLevel', 'maxLevel', 'maxPrice', 'status'];
    return `${filled}?${keys[rand(keys.length)]}=${encodeURIComponent(String(randomValue(3)))}`;
  }
  return filled;
}

describe.skipIf(skipReason !== null)('fuzzing every route and socket message', () => {
  let database: TestDatabase;
  let server: ServerProcess;
  const players: Player[] = [];
  const adminName = uniqueName('zadm');
  let admin: Player;

  beforeAll(async () => {
    process.env.TEST_DATABASE_URL = POSTGRES_URL;
    database = await openTestDatabase();
    server = await startServerProcess({ env: { DATABASE_URL: database.url, REDIS_URL, ADMIN_USERNAMES: adminName } });
    admin = new Player(server.url);
    await admin.register(adminName);
    // One player per socket: a player may hold 8 sockets and 20 messages per 10 s across them.
    for (let i = 0; i < SOCKETS; i++) {
      const player = new Player(server.url);
      await player.register(uniqueName('z'));
      await player.post('/api/characters', { name: `Fuzz ${i}`, class: 'rogue' });
      players.push(player);
    }
  });

  afterAll(async () => {
    await server?.stop();
    await database?.close();
  });

  it('answers random HTTP input without a 5xx, always with a JSON {message} refusal', async () => {
    const routes = await discoverRoutes(server.url);
    expect(routes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    const worker = async () => {
      while (sent < HTTP_REQUESTS) {
        sent++;
        const route = pick(routes);
        // Calls that end sessions would end the ones the rest of the run uses: anonymous for them.
        const signedIn = !SESSION_ENDING.has(route.path) && rand(6) !== 0;
        const staff = signedIn && STAFF_ONLY.test(route.path) && !ENDS_OTHERS.test(route.path) && rand(2) === 0;
        const cookie = staff ? admin.cookie : signedIn ? pick(players).cookie : undefined;
        const { body, type } = route.method === 'GET' ? {} : randomBody();
        const key: Record<string, string> = rand(4) === 0 ? { 'idempotency-key': pick(['k1', 'k2', '', 'x'.repeat(300), 'a b']) } : {};
        const url = server.url + randomPath(route.path);
        let res: Response;
        try {
          res = await fetch(url, {
            method: route.method,
            headers: { accept: 'application/json', ...key, ...(cookie ? { cookie } : {}), ...(type ? { 'content-type': type } : {}) },
            body,
          });
        } catch (err) {
          failures.push(`${route.method} ${url}: no answer (${String(err)})`);
          continue;
        }
        const text = await res.text();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 500) failures.push(`${route.method} ${url} → ${res.status} ${text.slice(0, 200)}`);
        else if (res.status >= 400) {
          let message: unknown;
          try {
            message = (JSON.parse(text) as { message?: unknown }).message;
          } catch {
            /* not JSON */
          }
          if (typeof message !== 'string' || !res.headers.get('content-type')?.includes('application/json')) {
            failures.push(`${route.method} ${url} → ${res.status} not a JSON {message}: ${text.slice(0, 200)}`);
          }
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    console.warn(`fuzz: ${sent} HTTP requests over ${routes.length} routes; statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(failures.slice(0, 20)).toEqual([]);
    expect(server.running()).toBe(true);
    // The server still serves real requests.
    expect((await players[0]!.get('/api/user')).status).toBe(200);
  }, 240_000);

  it('answers random socket messages with `error {message}` and never crashes', async () => {
    const types = clientMessage.options.map((option) => option.shape.type.value as string);
    const frames = (): (string | Buffer)[] => {
      const type = rand(8) === 0 ? pick(['', 'unknown', 'PVP_ACTION', '__proto__', 'chat']) : pick(types);
      switch (rand(8)) {
        case 0:
          return [pick(['{', 'not json', '[]', 'null', '42', '"text"', '{"type":1}', '{"type":null}'])];
        case 1:
          return [Buffer.from([0, 1, 2, 255])];
        case 2:
          return [JSON.stringify({ type, text: 'x'.repeat(600) })];
        default:
          return [JSON.stringify({ ...randomObject(), type })];
      }
    };
    const failures: string[] = [];
    let messages = 0;
    let answers = 0;
    await Promise.all(
      Array.from({ length: SOCKETS }, async (_, i) => {
        const cookie = players[i]!.cookie!;
        const ws = new WebSocket(`${server.wsUrl}`, { origin: server.url, headers: { cookie } });
        await new Promise<void>((resolve, reject) => {
          ws.once('open', () => resolve());
          ws.once('error', reject);
        });
        let closed: number | null = null;
        ws.on('close', (code) => (closed = code));
        ws.on('message', (data) => {
          answers++;
          let msg: { type?: unknown; message?: unknown };
          try {
            msg = JSON.parse(data.toString()) as typeof msg;
          } catch {
            failures.push(`socket answered non-JSON: ${data.toString().slice(0, 100)}`);
            return;
          }
          if (typeof msg.type !== 'string') failures.push(`socket answer without a type: ${data.toString().slice(0, 100)}`);
          if (msg.type === 'error' && (typeof msg.message !== 'string' || /something went wrong/i.test(msg.message))) {
            failures.push(`socket error answer: ${data.toString().slice(0, 200)}`);
          }
        });
        for (let k = 0; k < PER_SOCKET; k++) {
          for (const frame of frames()) {
            ws.send(frame);
            messages++;
          }
          await new Promise((r) => setTimeout(r, 20));
        }
        await new Promise((r) => setTimeout(r, 1500));
        if (closed !== null) failures.push(`socket ${i} was closed (${closed})`);
        ws.close();
      }),
    );
    console.warn(`fuzz: ${messages} socket messages, ${answers} answers`);
    expect(failures.slice(0, 20)).toEqual([]);
    expect(answers).toBeGreaterThan(messages / 2);
    expect(server.running()).toBe(true);
    expect(server.output()).not.toMatch(/"level":(50|60)/);
  }, 120_000);
});
