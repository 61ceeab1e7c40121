import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Redis } from 'ioredis';
import { freePort } from './server';
import { sleep } from './stats';

/** Redis's own counters (INFO stats and commandstats), for the traffic a stage of load caused. */
export interface RedisCounters {
  commands: number;
  inBytes: number;
  outBytes: number;
  /** Calls by command ('publish', 'evalsha', …). */
  byCommand: Record<string, number>;
}

/** The counters of one `INFO stats` + `INFO commandstats` answer; the INFO calls themselves are left out. */
export function parseRedisInfo(text: string): RedisCounters {
  const field = (name: string) => Number(new RegExp(`^${name}:(\\d+)`, 'm').exec(text)?.[1] ?? Number.NaN);
  const byCommand: Record<string, number> = {};
  for (const [, name, calls] of text.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) byCommand[name!] = Number(calls);
  const info = byCommand.info ?? 0;
  delete byCommand.info;
  return { commands: field('total_commands_processed') - info, inBytes: field('total_net_input_bytes'), outBytes: field('total_net_output_bytes'), byCommand };
}

export interface TrafficPerPlayer {
  /** Commands, bytes into Redis and bytes out of it (pub/sub deliveries included), per player per second. */
  commands: number;
  inBytes: number;
  outBytes: number;
  /** The commands that made most of it, calls per player per second, busiest first. */
  top: [string, number][];
}

/** What `players` cost Redis per player-second between two readings `seconds` apart. */
export function trafficPerPlayer(before: RedisCounters, after: RedisCounters, seconds: number, players: number): TrafficPerPlayer {
  const rate = (n: number) => n / seconds / players;
  const top = Object.entries(after.byCommand)
    .map(([name, calls]) => [name, rate(calls - (before.byCommand[name] ?? 0))] as [string, number])
    .filter(([, r]) => r > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4);
  return { commands: rate(after.commands - before.commands), inBytes: rate(after.inBytes - before.inBytes), outBytes: rate(after.outBytes - before.outBytes), top };
}

export async function readRedisCounters(url: string): Promise<RedisCounters> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  // A refusal reaches the caller through connect(); the client's own error event says it again.
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return parseRedisInfo(`${await redis.info('stats')}\n${await redis.info('commandstats')}`);
  } finally {
    redis.disconnect();
  }
}

const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

/**
 * A Redis of the bench's own (no persistence) on a loopback port, so its counters hold the
 * game's traffic alone; null when there is no redis-server to run.
 */
export async function startPrivateRedis(): Promise<{ url: string; stop(): Promise<void> } | null> {
  if (!existsSync(REDIS_SERVER)) return null;
  const port = await freePort();
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxclients', '10000'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `redis://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      await readRedisCounters(url);
      break;
    } catch (err) {
      if (tries > 100 || child.exitCode !== null) throw new Error(`redis-server did not start: ${String(err)}`);
      await sleep(50);
    }
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
