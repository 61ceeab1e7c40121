import { readdirSync, readFileSync } from 'node:fs';
import type { Proc } from './server';
import { sleep } from './stats';

/**
 * CPU time and memory of processes, from Linux /proc: what a process (every thread) has spent
 * in user and kernel mode, in ms. /proc/<pid>/stat counts in clock ticks of USER_HZ, which is
 * 100 on Linux (`getconf CLK_TCK`).
 */
const TICK_MS = 10;

/** utime + stime of one process in ms; 0 once it is gone. */
export function cpuMs(pid: number): number {
  return statCpuMs(`/proc/${pid}/stat`);
}

function statCpuMs(path: string): number {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return 0;
  }
  // The command (field 2) may hold spaces and parentheses: count the fields after its last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of the line (utime, stime) are the 12th and 13th after the command.
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/**
 * CPU ms of a process's threads by name, the main thread apart as `main` (Node's worker threads,
 * V8's collector and compiler as well as libuv's pool, all take the process's name).
 */
export function cpuByThread(pid: number): Map<string, number> {
  const byName = new Map<string, number>();
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return byName;
  }
  for (const tid of tasks) {
    const name = tid === String(pid) ? 'main' : commOf(`${pid}/task/${tid}`);
    if (name === null) continue;
    byName.set(name, (byName.get(name) ?? 0) + statCpuMs(`/proc/${pid}/task/${tid}/stat`));
  }
  return byName;
}

/** Write and read system calls a process has made so far (/proc/<pid>/io: writev and sendmsg count as writes). */
export function syscalls(pid: number): { writes: number; reads: number } {
  try {
    const text = readFileSync(`/proc/${pid}/io`, 'utf8');
    return { writes: Number(/^syscw: (\d+)$/m.exec(text)?.[1] ?? 0), reads: Number(/^syscr: (\d+)$/m.exec(text)?.[1] ?? 0) };
  } catch {
    return { writes: 0, reads: 0 };
  }
}

function commOf(pid: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return null;
  }
}

/** CPU ms of every running process whose command is `comm` (and that `keep` accepts), by pid. */
export function cpuByComm(comm: string, keep: (pid: number) => boolean = () => true): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || commOf(entry) !== comm) continue;
    const pid = Number(entry);
    if (keep(pid)) byPid.set(pid, cpuMs(pid));
  }
  return byPid;
}

/**
 * PostgreSQL's processes that work for `database`: the postmaster, the background processes
 * (WAL writer, checkpointer, …) and the backends connected to it. Backends of other databases
 * on the same server (another checkout's tests) are left out; the background processes also
 * work for them, so other activity on the machine still adds a little.
 */
export function postgresFor(database: string): (pid: number) => boolean {
  return (pid) => {
    let title: string;
    try {
      title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    } catch {
      return false;
    }
    // A backend's title: "postgres: <cluster>: <user> <database> <client> <state>".
    const backend = /^postgres: [^:]+: \S+ (\S+) (?:\S+\(\d+\)|\[local\])/.exec(title);
    return !backend || backend[1] === database;
  };
}

/** CPU ms spent between two readings of `cpuByComm`; a process that started in between counts from 0. */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** Resident memory once it settles (two reads a second apart that agree within 2 %, or `tries` seconds). */
export async function settledRss(proc: Proc, tries = 10): Promise<number> {
  let last = proc.rss();
  for (let i = 0; i < tries; i++) {
    await sleep(1000);
    const now = proc.rss();
    if (Math.abs(now - last) / last < 0.02) return now;
    last = now;
  }
  return last;
}
