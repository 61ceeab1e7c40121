import { describe, expect, it } from 'vitest';
import { loopbackAddress } from './loopback';
import { namedUrl } from './pg-connections';
import { parseRedisInfo, trafficPerPlayer } from './redis-traffic';
import { busiest, countBySecond } from './stats';

/** The bench's own arithmetic: what it reports is only as true as these. */

const info = (commands: number, inBytes: number, outBytes: number, calls: Record<string, number>) =>
  [
    '# Stats',
    `total_connections_received:12`,
    `total_commands_processed:${commands}`,
    `total_net_input_bytes:${inBytes}`,
    `total_net_output_bytes:${outBytes}`,
    '# Commandstats',
    ...Object.entries(calls).map(([name, n]) => `cmdstat_${name}:calls=${n},usec=10,usec_per_call=1.00,rejected_calls=0,failed_calls=0`),
  ].join('\r\n');

describe('Redis traffic per player', () => {
  it('reads the counters of INFO stats and commandstats, leaving out the INFO calls themselves', () => {
    const counters = parseRedisInfo(info(1000, 5000, 9000, { publish: 600, evalsha: 300, info: 100 }));
    expect(counters).toEqual({ commands: 900, inBytes: 5000, outBytes: 9000, byCommand: { publish: 600, evalsha: 300 } });
  });

  it('divides what a step added by its seconds and its players, busiest commands first', () => {
    const before = parseRedisInfo(info(1000, 5000, 9000, { publish: 600, evalsha: 300, info: 100 }));
    const after = parseRedisInfo(info(5100, 45_000, 209_000, { publish: 3600, evalsha: 1300, zadd: 300, info: 102 }));
    const t = trafficPerPlayer(before, after, 10, 20);
    expect(t.commands).toBeCloseTo((5100 - 102 - 900) / 200);
    expect(t.inBytes).toBe(200);
    expect(t.outBytes).toBe(1000);
    expect(t.top).toEqual([
      ['publish', 15],
      ['evalsha', 5],
      ['zadd', 1.5],
    ]);
  });
});

describe('busiest window and counts by second', () => {
  it('finds the most attempts within any window, not only within aligned ones', () => {
    // 4 attempts within 100-1099 ms, where no aligned second holds more than 2 of them.
    const times = [100, 900, 1000, 1099, 2500];
    expect(busiest(times, 1000)).toBe(4);
    expect(busiest(times, 200)).toBe(3);
    expect(busiest([], 1000)).toBe(0);
    expect(countBySecond(times)).toEqual([2, 2, 1]);
  });
});

describe('players spread over loopback addresses', () => {
  it('puts `perAddress` players on each address from 127.0.0.2 and moves to the next block after 253', () => {
    expect([0, 19, 20, 39, 40].map((i) => loopbackAddress(i, 20))).toEqual(['127.0.0.2', '127.0.0.2', '127.0.0.3', '127.0.0.3', '127.0.0.4']);
    expect(loopbackAddress(252, 1)).toBe('127.0.0.254');
    expect(loopbackAddress(253, 1)).toBe('127.0.1.2');
  });

  it('names a database connection without losing the rest of its URL', () => {
    expect(namedUrl('postgres://postgres@127.0.0.1:5432/bench_x?sslmode=disable', 'ga-bench-a')).toBe('postgres://postgres@127.0.0.1:5432/bench_x?sslmode=disable&application_name=ga-bench-a');
  });
});
