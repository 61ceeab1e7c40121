/**
 * The session part of `npm run balance` (issue 24): the first hour of new players of every
 * class (src/server/domain/session-sim.ts), its five lines, and its section of docs/balance.md.
 */
import { CLASS_IDS } from '@common/characters';
import { THREATS } from '../src/server/domain/enemies';
import { SESSION_BOUNDS, sessionFailures, simulateSessions, type SessionReport } from '../src/server/domain/session-sim';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const min = (x: number) => (Number.isFinite(x) ? `${x.toFixed(1)} min` : 'never');
const num = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : 'none');

/** The five session lines, worded as issue 24 words them. */
export function sessionLines({ overall, worst }: SessionReport): string[] {
  return [
    `Session win rate (battles 6-50, default threat): ${pct(overall.winRate)} (worst class ${pct(worst.winRate.value)})`,
    `Session first forge: ${min(overall.firstForgeMinutes)} (worst class ${min(worst.firstForgeMinutes.value)})`,
    `Session battles per gear upgrade: ${num(overall.battlesPerUpgrade)} (worst class ${num(worst.battlesPerUpgrade.value)})`,
    `Session idle share: ${pct(overall.idleShare)} (worst class ${pct(worst.idleShare.value)})`,
    `Session level at 30 min: ${overall.levelAt30} (worst class ${worst.levelAt30.value})`,
  ];
}

function table(report: SessionReport): string[] {
  const rows = CLASS_IDS.map((c) => {
    const s = report.byClass[c];
    return `| ${c} | ${pct(s.winRate)} | ${min(s.firstForgeMinutes)} | ${num(s.battlesPerUpgrade)} | ${pct(s.idleShare)} | ${s.levelAt30} | ${min(s.levelFiveMinutes)} | ${s.battles} | ${s.creditsEarned.toLocaleString('en-US')} |`;
  });
  const o = report.overall;
  return [
    '| class | win rate 6-50 | first forge | battles per upgrade | idle share | level at 30 min | level 5 | battles | credits earned |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    `| all | ${pct(o.winRate)} | ${min(o.firstForgeMinutes)} | ${num(o.battlesPerUpgrade)} | ${pct(o.idleShare)} | ${o.levelAt30} | ${min(o.levelFiveMinutes)} | ${o.battles} | ${o.creditsEarned.toLocaleString('en-US')} |`,
  ];
}

export interface SessionPart {
  out: string[];
  doc: string[];
  failures: string[];
}

/** Runs the sessions (at the default threat, and the other threats for comparison) and words them. */
export function sessionPart(sessionsPerClass: number, seed: number): SessionPart {
  const report = simulateSessions(sessionsPerClass, seed);
  const others = THREATS.filter((t) => t !== report.threat).map((t) => simulateSessions(Math.max(1, Math.round(sessionsPerClass / 4)), seed, t));
  const lines = sessionLines(report);
  const out = [`First hour of a new player (${sessionsPerClass} sessions per class, default threat ${report.threat}):`, ...lines];
  for (const other of others) out.push(`  at ${other.threat}: win rate ${pct(other.overall.winRate)} (worst class ${pct(other.worst.winRate.value)})`);
  const b = SESSION_BOUNDS;
  const doc = [
    '## The first hour',
    '',
    `Per class, ${sessionsPerClass} simulated sessions of 60 minutes of game time (src/server/domain/session-sim.ts) under the`,
    "game's rules and numbers: the 30 s PvE cooldown, enemies rolled by `enemyFor` at the default threat",
    `(${report.threat}), rewards, material drops, shop items and prices, quests and dailies, skill and stat points and forge`,
    'recipes. A greedy player claims quests (and does their chores: open the market, post in chat), spends its',
    'points, forges whenever it holds a set\'s materials, wears forged pieces its level allows and buys the best',
    'affordable upgrade it does not own; replays play one entry a second and are skipped after 2 s when something',
    'is left to do. Idle share is the time spent waiting for the cooldown with nothing left to do.',
    `Bounds: win rate ${pct(b.winRateMin)}-${pct(b.winRateMax)} (worst class at least ${pct(b.worstWinRateMin)}), first forge within ${b.firstForgeMaxMinutes} min,`,
    `at most ${b.battlesPerUpgradeMax} battles per gear upgrade, idle at most ${pct(b.idleShareMax)}, level 5 within ${b.levelFiveMaxMinutes} min (medians per class).`,
    '',
    ...table(report),
    '',
    ...lines.map((l) => `- ${l}`),
    ...others.map((o) => `- At ${o.threat} instead: win rate ${pct(o.overall.winRate)} (worst class ${pct(o.worst.winRate.value)}), level at 30 min ${o.overall.levelAt30}`),
    '',
  ];
  return { out, doc, failures: sessionFailures(report) };
}
