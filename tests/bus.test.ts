import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createMemoryBus, type Bus } from '../src/server/bus/bus';
import { createBus } from '../src/server/bus/create-bus';
import { createRedisBus } from '../src/server/bus/redis-bus';
import { RedisJournal } from '../src/server/bus/redis-journal';
import { RespPipe } from '../src/server/bus/resp-pipe';

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) console.warn('bus.test: REDIS_URL is not set, so the Redis bus tests are skipped.');

const quietLog = { warn: () => undefined, error: () => undefined };
const opened: Bus[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((bus) => bus.close()));
});

/** Collects the events of a channel; `next(n)` waits for the first n. */
function collector() {
  const events: unknown[] = [];
  return {
    events,
    handler: (event: unknown) => void events.push(event),
    async next(n: number, timeoutMs = 3000) {
      const until = Date.now() + timeoutMs;
      while (events.length < n) {
        if (Date.now() > until) throw new Error(`expected ${n} events, got ${events.length}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return events.slice(0, n);
    },
  };
}


/** The same behaviour from both implementations; `pair` gives two buses of one deployment. */
function behaves(name: string, pair: () => [Bus, Bus], run: boolean, reason?: string) {
  const suite = run ? describe : describe.skip;
  suite(`${name}${run ? '' : ` (skipped: ${reason})`}`, () => {
    const channel = () => `test-${randomBytes(4).toString('hex')}`;

    it('delivers an event to every subscriber of the channel, as a parsed copy', async () => {
      const [a, b] = pair();
      const ch = channel();
      const one = collector();
      const two = collector();
      await a.subscribe(ch, one.handler);
      await b.subscribe(ch, two.handler);
      const event = { kind: 'send', at: new Date(0), n: 1 };
      await a.publish(ch, event);
      expect(await one.next(1)).toEqual([{ kind: 'send', at: '1970-01-01T00:00:00.000Z', n: 1 }]);
      expect(await two.next(1)).toEqual(one.events);
      expect(one.events[0]).not.toBe(event);
    });

    it('keeps channels apart and keeps the order of one publisher', async () => {
      const [a, b] = pair();
      const ch = channel();
      const other = collector();
      const mine = collector();
      await b.subscribe(`${ch}-other`, other.handler);
      await b.subscribe(ch, mine.handler);
      for (let i = 0; i < 20; i++) await a.publish(ch, { i });
      expect(await mine.next(20)).toEqual(Array.from({ length: 20 }, (_, i) => ({ i })));
      // A marker on the other channel, published after those: once it is there, nothing else came.
      await a.publish(`${ch}-other`, { marker: true });
      expect(await other.next(1)).toEqual([{ marker: true }]);
    });

    it('delivers events published together (one pipeline to Redis), each to its channel, in the order published', async () => {
      const [a, b] = pair();
      const ch = channel();
      const first = collector();
      const second = collector();
      await b.subscribe(`${ch}-1`, first.handler);
      await b.subscribe(`${ch}-2`, second.handler);
      await Promise.all(Array.from({ length: 12 }, (_, i) => a.publish(`${ch}-${(i % 2) + 1}`, { i })));
      expect(await first.next(6)).toEqual([0, 2, 4, 6, 8, 10].map((i) => ({ i })));
      expect(await second.next(6)).toEqual([1, 3, 5, 7, 9, 11].map((i) => ({ i })));
    });

    it('stops delivering after unsubscribe, while other handlers of the channel go on', async () => {
      const [a, b] = pair();
      const ch = channel();
      const gone = collector();
      const stays = collector();
      const unsubscribe = await b.subscribe(ch, gone.handler);
      await b.subscribe(ch, stays.handler);
      await unsubscribe();
      await a.publish(ch, { after: true });
      // Handlers of a channel get an event in the order they subscribed: had the first one still
      // been subscribed, it would have it before the second.
      expect(await stays.next(1)).toEqual([{ after: true }]);
      expect(gone.events).toEqual([]);
    });

    it('survives a throwing handler', async () => {
      const [a, b] = pair();
      const ch = channel();
      const good = collector();
      await b.subscribe(ch, () => {
        throw new Error('boom');
      });
      await b.subscribe(ch, good.handler);
      await a.publish(ch, 1);
      await a.publish(ch, 2);
      expect(await good.next(2)).toEqual([1, 2]);
    });

    it("keeps one register of open sockets: a player's sockets beyond the newest are handed back to close", async () => {
      const [a, b] = pair();
      const userId = Math.floor(Math.random() * 1e9);
      for (let i = 1; i <= 3; i++) expect(await (i % 2 ? a : b).trackSocket(userId, { id: `s${i}`, openedAt: 1000 + i }, 3)).toEqual([]);
      expect(await a.socketCount(userId)).toBe(3);
      // A fourth, and a fifth: the oldest go, whichever instance registered them.
      expect(await b.trackSocket(userId, { id: 's4', openedAt: 1004 }, 3)).toEqual(['s1']);
      expect(await a.trackSocket(userId, { id: 's5', openedAt: 1005 }, 3)).toEqual(['s2']);
      await a.untrackSocket(userId, { id: 's4', openedAt: 1004 });
      expect(await b.socketCount(userId)).toBe(2);
      await b.refreshSockets([{ userId, id: 's3', openedAt: 1003 }]);
      expect(await a.socketCount(userId)).toBe(2);
    });

    it("keeps a journal's entries for its owner only, until another claims it", async () => {
      const [a, b] = pair();
      const key = `battle-${randomBytes(4).toString('hex')}`;
      expect(await a.appendJournals('A', [{ key, entry: 1 }, { key, entry: 2 }])).toEqual([true, true]);
      expect(await b.appendJournals('B', [{ key, entry: 3 }])).toEqual([false]);
      expect(await b.claimJournal('B', key)).toEqual([1, 2]);
      expect(await a.appendJournals('A', [{ key, entry: 4 }])).toEqual([false]);
      expect(await b.appendJournals('B', [{ key, entry: 5 }])).toEqual([true]);
      expect(await a.claimJournal('A', key)).toEqual([1, 2, 5]);
      await a.dropJournals([key]);
      expect(await b.claimJournal('B', key)).toEqual([]);
    });

    it('refuses to work once closed', async () => {
      const [a] = pair();
      await a.close();
      await expect(a.publish(channel(), {})).rejects.toThrow('bus closed');
      await expect(a.subscribe(channel(), () => undefined)).rejects.toThrow('bus closed');
    });
  });
}

behaves(
  'memory bus',
  () => {
    const bus = createMemoryBus({ log: quietLog });
    opened.push(bus);
    return [bus, bus];
  },
  true,
);

const prefix = `ga-test-${randomBytes(4).toString('hex')}:`;
behaves(
  'Redis bus (two instances)',
  () => {
    const a = createRedisBus(REDIS_URL!, { prefix, log: quietLog });
    const b = createRedisBus(REDIS_URL!, { prefix, log: quietLog });
    opened.push(a, b);
    return [a, b];
  },
  Boolean(REDIS_URL),
  'REDIS_URL is not set',
);

describe('createBus', () => {
  it('is in-process without a Redis URL and Redis with one', async () => {
    const memory = createBus(undefined, { log: quietLog });
    opened.push(memory);
    expect(memory.kind).toBe('memory');
    const redis = createBus('redis://127.0.0.1:1', { log: quietLog });
    expect(redis.kind).toBe('redis');
    await redis.close();
  });
});

describe.skipIf(!REDIS_URL)('the Redis journal', () => {
  it('sets its time to live with the first entry and every 16th, not with each one', async () => {
    const bus = createRedisBus(REDIS_URL!, { prefix, log: quietLog });
    opened.push(bus);
    const redis = new Redis(REDIS_URL!);
    try {
      const key = `battle-${randomBytes(4).toString('hex')}`;
      const keys = [`${prefix}journal:${key}@A`, `${prefix}journal-owner:${key}`];
      const ttls = async () => Promise.all(keys.map((k) => redis.pttl(k)));
      await bus.appendJournals('A', [{ key, entry: 1 }]);
      for (const ttl of await ttls()) expect(ttl).toBeGreaterThan(100_000);
      // A short time to live, to see whether an append sets it again (an hour is far above it).
      for (const k of keys) await redis.pexpire(k, 100_000);
      for (let entry = 2; entry <= 16; entry++) await bus.appendJournals('A', [{ key, entry }]);
      for (const ttl of await ttls()) expect(ttl).toBeLessThanOrEqual(100_000);
      await bus.appendJournals('A', [{ key, entry: 17 }]);
      for (const ttl of await ttls()) expect(ttl).toBeGreaterThan(100_000);
      expect(await bus.claimJournal('A', key)).toHaveLength(17);
      await bus.dropJournals([key]);
    } finally {
      await redis.quit();
    }
  });
});

describe.skipIf(!REDIS_URL)('the Redis journal without its script', () => {
  const pipes: RespPipe[] = [];
  const pipeOf = () => {
    const pipe = new RespPipe(REDIS_URL!, { timeoutMs: 2000, retryAfterMs: 1000 });
    pipes.push(pipe);
    return pipe;
  };
  afterAll(() => {
    for (const pipe of pipes) pipe.close();
  });

  /** A journal on its own connection, counting the checked script's calls. */
  async function counted() {
    const redis = new Redis(REDIS_URL!);
    const journal = new RedisJournal(redis, pipeOf(), prefix);
    const scripted = redis as unknown as { appendJournals: (...args: unknown[]) => Promise<number[]> };
    const original = scripted.appendJournals.bind(redis);
    const calls = { checked: 0 };
    scripted.appendJournals = (...args) => {
      calls.checked += 1;
      return original(...args);
    };
    return { redis, journal, calls, key: `battle-${randomBytes(4).toString('hex')}` };
  }

  it("runs the owner's check once per journal: later entries are appended to the list it holds, several in one round trip", async () => {
    const { redis, journal, calls, key } = await counted();
    const other = `battle-${randomBytes(4).toString('hex')}`;
    try {
      expect(await journal.append('A', [{ key, entry: 1 }, { key: other, entry: 'x' }])).toEqual([true, true]);
      expect(calls.checked).toBe(1);
      for (let entry = 2; entry <= 5; entry++) expect(await journal.append('A', [{ key, entry }, { key: other, entry: `x${entry}` }])).toEqual([true, true]);
      expect(calls.checked).toBe(1);
      expect((await redis.lrange(`${prefix}journal:${key}@A`, 0, -1)).map((t) => JSON.parse(t) as unknown)).toEqual([1, 2, 3, 4, 5]);
      expect(await journal.claim('A', other)).toEqual(['x', 'x2', 'x3', 'x4', 'x5']);
      await journal.drop([key, other]);
      expect(await redis.exists(`${prefix}journal:${key}@A`, `${prefix}journal-owner:${key}`, `${prefix}journal:${other}@A`)).toBe(0);
    } finally {
      await redis.quit();
    }
  });

  it('refuses the old owner once another claimed the journal, and starts a journal Redis lost again', async () => {
    const a = await counted();
    const bRedis = new Redis(REDIS_URL!);
    const b = new RedisJournal(bRedis, pipeOf(), prefix);
    const { key } = a;
    try {
      expect(await a.journal.append('A', [{ key, entry: 1 }])).toEqual([true]);
      expect(await a.journal.append('A', [{ key, entry: 2 }])).toEqual([true]);
      expect(await b.claim('B', key)).toEqual([1, 2]);
      // A's append finds no list of its own; the checked script refuses it (B owns the journal).
      expect(await a.journal.append('A', [{ key, entry: 3 }])).toEqual([false]);
      expect(await b.append('B', [{ key, entry: 4 }])).toEqual([true]);
      expect(await b.claim('B', key)).toEqual([1, 2, 4]);
      // Redis forgets everything (a restart without persistence): B's next entry starts the journal again.
      await a.redis.del(`${prefix}journal:${key}@B`, `${prefix}journal-owner:${key}`);
      expect(await b.append('B', [{ key, entry: 5 }])).toEqual([true]);
      expect(await a.journal.claim('A', key)).toEqual([5]);
      await a.journal.drop([key]);
    } finally {
      await a.redis.quit();
      await bRedis.quit();
    }
  });

  it('takes over a journal written before lists named their owner', async () => {
    const { redis, journal, key } = await counted();
    try {
      await redis.rpush(`${prefix}journal:${key}`, '1', '2');
      await redis.set(`${prefix}journal-owner:${key}`, 'OLD');
      expect(await journal.claim('B', key)).toEqual([1, 2]);
      expect(await journal.append('B', [{ key, entry: 3 }])).toEqual([true]);
      expect(await redis.exists(`${prefix}journal:${key}`)).toBe(0);
      expect(await journal.claim('B', key)).toEqual([1, 2, 3]);
      await journal.drop([key]);
    } finally {
      await redis.quit();
    }
  });
});

describe.skipIf(!REDIS_URL)("the journal's own connection", () => {
  const key = () => `${prefix}pipe-${randomBytes(4).toString('hex')}`;

  it('answers a batch in order, an error reply in its place, and the same connection serves the next batch', async () => {
    const pipe = new RespPipe(REDIS_URL!, { name: 'pipe-test', timeoutMs: 2000, retryAfterMs: 1000 });
    const redis = new Redis(REDIS_URL!);
    const [list, text] = [key(), key()];
    try {
      await redis.set(text, 'not a list');
      const answers = await pipe.send([
        ['RPUSHX', list, 'a'],
        ['RPUSH', list, '{"type":"attack","é":"ü"}'],
        ['RPUSHX', list, 'b'],
        ['RPUSHX', text, 'c'],
        ['LRANGE', list, '0', '-1'],
        ['GET', key()],
      ]);
      expect(answers.slice(0, 3)).toEqual([0, 1, 2]);
      expect(answers[3]).toBeInstanceOf(Error);
      expect((answers[3] as Error).message).toMatch(/^WRONGTYPE/);
      expect(answers.slice(4)).toEqual([['{"type":"attack","é":"ü"}', 'b'], null]);
      // A long value arrives in several reads.
      const long = 'x'.repeat(300_000);
      expect(await pipe.send([['RPUSHX', list, long], ['LINDEX', list, '-1']])).toEqual([3, long]);
      const clients = await redis.client('LIST');
      expect(String(clients).match(/name=pipe-test /g)).toHaveLength(1);
    } finally {
      pipe.close();
      await redis.del(list, text);
      await redis.quit();
    }
  });

  it('fails what waits when the connection drops, and connects again for the next batch', async () => {
    const pipe = new RespPipe(REDIS_URL!, { name: 'pipe-killed', timeoutMs: 2000, retryAfterMs: 1000 });
    const redis = new Redis(REDIS_URL!);
    const list = key();
    try {
      expect(await pipe.send([['RPUSH', list, '1']])).toEqual([1]);
      // The server blocks this one, then kills the connection under it (that connection only:
      // other test files share this Redis).
      const blocked = pipe.send([['BLPOP', key(), '5']]);
      const id = /id=(\d+) [^\n]*name=pipe-killed /.exec(String(await redis.client('LIST')))?.[1];
      expect(id).toBeDefined();
      await redis.client('KILL', 'ID', id!);
      await expect(blocked).rejects.toThrow('Redis connection closed');
      // It had been up: no waiting before the next attempt.
      expect(await pipe.send([['RPUSHX', list, '2']])).toEqual([2]);
    } finally {
      pipe.close();
      await redis.del(list);
      await redis.quit();
    }
  });

  it('fails a batch when Redis refuses the password', async () => {
    const url = new URL(REDIS_URL!);
    url.password = 'not-the-password';
    const pipe = new RespPipe(url.toString(), { timeoutMs: 2000, retryAfterMs: 1000 });
    try {
      await expect(pipe.send([['PING']])).rejects.toThrow(/AUTH|password|WRONGPASS/i);
    } finally {
      pipe.close();
    }
  });
});
