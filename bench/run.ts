import { cpus, totalmem } from 'node:os';
import { capacityFigures } from './figures/capacity';
import { chatFigures } from './figures/chat';
import { clientFigures } from './figures/client';
import { growthFigures } from './figures/growth';
import { httpFigures } from './figures/http';
import { peersFigures } from './figures/peers';
import { pvpFigures } from './figures/pvp';
import { reconnectFigures } from './figures/reconnect';
import { socialFigures } from './figures/social';
import { wsMemoryFigures } from './figures/ws-memory';
import type { Figure } from './lib/figure';
import { postgresUrl } from './lib/db';
import { FINDINGS } from './findings';
import { writeReport } from './lib/report';

/**
 * `npm run bench [-- <figure>...]`: measures every figure against its baseline in the same
 * run, on PostgreSQL, with load generators in their own processes, and writes
 * bench/results/latest.md and latest.json. Figures: http, ws, reconnect, chat, pvp, growth, client, capacity, peers, social
 * (the game's PvP duel against the same duel on Colyseus; installs bench/peers on first use).
 * BENCH_QUICK=1 shortens the runs (for trying the harness, not for the table).
 */
const quick = process.env.BENCH_QUICK === '1';
const redis = process.env.REDIS_URL;
const env: Record<string, string> = redis ? { REDIS_URL: redis } : {};

const all: Record<string, () => Promise<Figure[]>> = {
  http: () => httpFigures(env, quick ? 3 : 10, quick ? 500 : 10_000),
  ws: () => wsMemoryFigures(env, quick ? 1000 : 10_000),
  reconnect: () => reconnectFigures(env, quick ? 1000 : 5000),
  chat: () => chatFigures(env, quick ? 200 : 1000),
  pvp: () => pvpFigures(env, quick ? 50 : 500, quick ? 100 : 1000, quick ? 200 : 2000),
  growth: () => growthFigures(env, quick ? [1000, 10_000] : [1000, 100_000]),
  client: () => clientFigures(quick ? 1 : 3),
  capacity: () => capacityFigures(env, quick ? [25, 50] : [25, 50, 100, 200, 400, 800, 1600], quick ? 10_000 : 15_000, quick ? 100 : 500),
  peers: () => peersFigures(env, quick ? [50, 100] : [500, 1000], quick ? 1 : 2),
  social: () => socialFigures(env, quick ? 200 : 1000),
};

const wanted = process.argv.slice(2).filter((a) => a in all);
const names = wanted.length ? wanted : Object.keys(all);
postgresUrl();
console.log(`Bench on PostgreSQL ${redis ? 'with the Redis bus' : 'with the in-process bus'}: ${names.join(', ')}`);

const figures: Figure[] = [];
const timings: Record<string, number> = {};
for (const name of names) {
  const started = Date.now();
  process.stdout.write(`▶ ${name} … `);
  try {
    const got = await all[name]!();
    figures.push(...got);
    console.log(`done (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    for (const f of got) console.log(`   ${f.figure}: ${f.ours}${f.ratio !== null ? ` (ratio ${f.ratio})` : ''}${f.met === false ? '  ✘ target missed' : ''}`);
  } catch (err) {
    console.log('failed');
    console.error(err);
    figures.push({ id: name, figure: name, ours: 'failed', baseline: '—', ratio: null, target: '—', met: false, note: String(err).slice(0, 300) });
  }
  timings[name] = Math.round((Date.now() - started) / 1000);
}

const machine = `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const suffix = wanted.length && wanted.length < Object.keys(all).length ? `-${wanted.join('-')}` : '';
writeReport(
  { at: new Date().toISOString(), machine, bus: redis ? 'Redis bus' : 'in-process bus', quick, figures, timings, findings: FINDINGS },
  suffix,
);
console.log(`\nWrote bench/results/latest${suffix}.md and .json`);
process.exit(0);
