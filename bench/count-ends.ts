import { spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { createScratchDatabase } from './lib/db';
import { cpuBetween, cpuByComm, cpuByThread, cpuMs, postgresFor, syscalls } from './lib/proc';
import { cookieOf, seedPlayers } from './lib/seed';
import { freePort, startHolder, startProcess } from './lib/server';
import { sleep } from './lib/stats';

/**
 * `npx tsx bench/count-ends.ts [battles]`: what the move phase of real-time duels writes, counted
 * rather than timed. A private Redis and a scratch database, so nothing else adds to the counts:
 * every battle starts, then the scripted moves play them out; between the start and the end of
 * that phase (outbox drained), the rows each table took (pg_stat_user_tables, read after the
 * server exited so every backend has flushed its counters), the statements the server sent
 * (ga_db_statements_total), the Redis commands (INFO commandstats) and the CPU of the server,
 * PostgreSQL and Redis (/proc), per battle end and per move. PGSS=1 also prints the move phase's
 * heaviest statements from pg_stat_statements (the server must preload it: shared_preload_libraries).
 */

const battles = Number(process.argv[2] ?? 100);
const redisPort = await freePort();
const redisProc = spawn('redis-server', ['--port', String(redisPort), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
await sleep(300);
const redisUrl = `redis://127.0.0.1:${redisPort}`;
const redis = new Redis(redisUrl);
const db = await createScratchDatabase('ends');

type TableRows = Map<string, { ins: number; upd: number; hot: number; del: number }>;
const tableRows = async (): Promise<TableRows> => {
  const { rows } = await db.query<{ relname: string; ins: string; upd: string; hot: string; del: string }>(
    'select relname, n_tup_ins as ins, n_tup_upd as upd, n_tup_hot_upd as hot, n_tup_del as del from pg_stat_user_tables',
  );
  return new Map(rows.map((r) => [r.relname, { ins: Number(r.ins), upd: Number(r.upd), hot: Number(r.hot), del: Number(r.del) }]));
};
/** Calls and microseconds of each command (a script's own commands counted apart as well). */
const commandStats = async (): Promise<Map<string, { calls: number; usec: number }>> => {
  const text = await redis.info('commandstats');
  return new Map([...text.matchAll(/cmdstat_([a-z|]+):calls=(\d+),usec=(\d+)/g)].map((m) => [m[1]!, { calls: Number(m[2]), usec: Number(m[3]) }]));
};
const metric = async (base: string, name: string): Promise<number> => {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
};

try {
  const seeded = await seedPlayers(db, { count: battles * 2, prefix: 'ends' });
  const server = await startProcess(
    'src/server/main.ts',
    { DATABASE_URL: db.url, REDIS_URL: redisUrl, HOST: '127.0.0.1', LOG_LEVEL: 'warn', REGISTRATION_LIMIT: '0', MAX_CONNECTIONS_PER_ADDRESS: '0', MAX_UNAUTHENTICATED_PER_ADDRESS: '0', API_RATE_LIMIT: '0', SHUTDOWN_SPREAD_MS: '0', COUNT_STATEMENTS: '1' },
    // PROFILE_DIR=dir writes a V8 CPU profile of the server; the move phase's window is printed (monotonic us).
    { ready: async (base) => (await fetch(`${base}/api/user`)).status === 401, timeoutMs: 180_000, nodeArgs: process.env.PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_DIR}`] : [] },
  );
  const players = seeded.map((p) => ({ cookie: cookieOf(p.token), characterId: p.characterId }));
  const holder = startHolder('bench/load/pvp.ts', { base: server.base, mode: 'duels', players, thinkMs: [100, 300], hold: true, timeoutMs: 180_000 });
  await holder.next('barrier', 180_000);
  // Let the joins' and starts' counters reach the statistics (an idle backend flushes within 10 s).
  await sleep(12_000);
  const rowsBefore = await tableRows();
  await redis.config('RESETSTAT');
  if (process.env.PGSS) await db.query('create extension if not exists pg_stat_statements; select pg_stat_statements_reset()');
  const statementsBefore = await metric(server.base, 'ga_db_statements_total');
  const from = process.hrtime.bigint() / 1000n;
  const postgresBefore = cpuByComm('postgres', postgresFor(db.name));
  const redisBefore = cpuMs(redisProc.pid!);
  const serverBefore = cpuMs(server.pid);
  const threadsBefore = cpuByThread(server.pid);
  const syscallsBefore = syscalls(server.pid);
  holder.tell({ go: true });
  const result = await holder.next<{ moves: number; ended: number }>('moves', 180_000);
  const to = process.hrtime.bigint() / 1000n;
  const threads = [...cpuByThread(server.pid)].map(([name, ms]) => [name, ms - (threadsBefore.get(name) ?? 0)] as const).filter(([, ms]) => ms > 0);
  const syscallsAfter = syscalls(server.pid);
  await holder.stop();
  // The outbox gathers 300 ms and polls every second: let it drain.
  await sleep(3000);
  const cpu = {
    server: cpuMs(server.pid) - serverBefore,
    postgres: cpuBetween(postgresBefore, cpuByComm('postgres', postgresFor(db.name))),
    redis: cpuMs(redisProc.pid!) - redisBefore,
  };
  const commands = await commandStats();
  if (process.env.PGSS) {
    const { rows } = await db.query<{ calls: string; ms: string; rows: string; q: string }>("select calls, round(total_exec_time::numeric + total_plan_time::numeric, 1) as ms, rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as q from pg_stat_statements order by total_exec_time desc limit 25");
    for (const r of rows) console.log(`pgss ${r.ms} ms ${r.calls} calls ${r.rows} rows: ${r.q}`);
  }
  const statements = (await metric(server.base, 'ga_db_statements_total')) - statementsBefore;
  const ended = await metric(server.base, 'ga_pvp_battles_settled_total');
  const settleStatements = await metric(server.base, 'ga_pvp_settle_statements_total');
  await server.stop();
  await sleep(1500);
  const rowsAfter = await tableRows();
  const per = (n: number, d: number) => Math.round((n / Math.max(1, d)) * 100) / 100;
  console.log(`move phase (monotonic us): ${from} ${to}`);
  console.log(`${battles} battles, ${result.moves} moves, ${ended} settled (${settleStatements} settle statements)`);
  console.log(`statements in the move phase: ${statements} (${per(statements, ended)} per battle end, ${per(statements, result.moves)} per move)`);
  const perMove = (ms: number) => Math.round((ms * 1000) / Math.max(1, result.moves));
  console.log(
    `CPU from the first move until the outbox drained, per move: server ${perMove(cpu.server)} us, PostgreSQL ${perMove(cpu.postgres)} us, Redis ${perMove(cpu.redis)} us (ms: ${cpu.server}, ${cpu.postgres}, ${cpu.redis})`,
  );
  console.log(`server CPU by thread in the moves (ms): ${threads.map(([name, ms]) => `${name} ${ms}`).join(', ')}`);
  console.log(`server system calls in the moves, per move: ${per(syscallsAfter.writes - syscallsBefore.writes, result.moves)} writes, ${per(syscallsAfter.reads - syscallsBefore.reads, result.moves)} reads`);
  let total = 0;
  for (const [table, after] of rowsAfter) {
    const before = rowsBefore.get(table) ?? { ins: 0, upd: 0, hot: 0, del: 0 };
    const d = { ins: after.ins - before.ins, upd: after.upd - before.upd, hot: after.hot - before.hot, del: after.del - before.del };
    const n = d.ins + d.upd + d.del;
    if (n === 0) continue;
    total += n;
    console.log(`  ${table}: +${d.ins} ~${d.upd} (hot ${d.hot}) -${d.del} = ${per(n, ended)} per end`);
  }
  console.log(`rows written: ${total} (${per(total, ended)} per battle end)`);
  let calls = 0;
  for (const [name, { calls: n, usec }] of [...commands].sort((a, b) => b[1].calls - a[1].calls)) {
    if (name === 'info' || name === 'config|resetstat') continue;
    calls += n;
    console.log(`  redis ${name}: ${n} (${per(n, result.moves)} per move, ${per(usec, result.moves)} us per move)`);
  }
  console.log(`redis commands: ${calls} (${per(calls, result.moves)} per move)`);
} finally {
  await redis.quit().catch(() => undefined);
  redisProc.kill('SIGTERM');
  await db.drop();
}
process.exit(0);
