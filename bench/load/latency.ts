import { performance } from 'node:perf_hooks';
import { loadInput, report } from '../lib/server';
import { percentile } from '../lib/stats';

/** Sequential timed GETs of each path (after a warm-up), one player's cookie: median and p95 per path. */
const input = loadInput<{ base: string; cookie: string; paths: string[]; requests: number }>();
const out: Record<string, { median: number; p95: number; bytes: number }> = {};
for (const path of input.paths) {
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < input.requests + 10; i++) {
    const t0 = performance.now();
    const res = await fetch(input.base + path, { headers: { cookie: input.cookie, accept: 'application/json' } });
    const body = await res.arrayBuffer();
    const ms = performance.now() - t0;
    if (!res.ok) throw new Error(`${path}: ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`);
    bytes = body.byteLength;
    if (i >= 10) samples.push(ms);
  }
  out[path] = { median: percentile(samples, 50), p95: percentile(samples, 95), bytes };
}
report(out);
