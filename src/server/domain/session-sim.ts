import { CLASS_IDS, type ClassId } from '@common/characters';
import { PVE_COOLDOWN_MS } from '@common/constants';
import type { Threat } from '@common/game-api';
import { formatLog } from '@common/battle-text';
import { battleEvents } from './events';
import { DEFAULT_THREAT, enemyFighter, enemyFor } from './enemies';
import { runAiBattle } from './engine-replay';
import { rollMaterialDrops, victoryDropSeed } from './forge';
import { applyExperience, pveRewards } from './progression';
import { createRng, mixSeed } from './rng';
import { ACTION_SECONDS, addDrops, hasSomethingToDo, newSessionPlayer, nextAction, record, sessionFighter } from './session-player';

/**
 * The first hour of a new player (issue 24, `npm run balance`): per class, sessions of 60
 * minutes of game time under the game's rules (the PvE cooldown, enemies by threat, rewards,
 * drops, quests and dailies, shop, points, the forge), played by a greedy player
 * (session-player.ts) that fights at the default threat and, between battles, claims, spends,
 * forges and buys whatever it can. Time passes as in the screens: a replay plays one log entry
 * a second (SPEC §9) unless the player has something to do, when it presses Skip; the result is
 * read; then the player does what it can, and waits for the cooldown when nothing is left.
 */

export const SESSION_SECONDS = 60 * 60;
/** Seconds to read the enemy and press Start Battle. */
export const START_SECONDS = 2;
/** SPEC §9: a replay shows one log entry a second. */
export const REPLAY_SECONDS_PER_ENTRY = 1;
/** Seconds of a replay the player watches before pressing Skip when it has something to do. */
export const SKIP_AFTER_SECONDS = 2;
/** Seconds to read the result (SPEC §9: the next enemy comes 2 s after a battle). */
export const RESULT_SECONDS = 2;

/** The bounds the session lines hold (issue 24). */
export const SESSION_BOUNDS = {
  winRateMin: 0.55,
  winRateMax: 0.7,
  worstWinRateMin: 0.5,
  firstForgeMaxMinutes: 10,
  battlesPerUpgradeMax: 6,
  idleShareMax: 0.3,
  levelFiveMaxMinutes: 20,
} as const;

/** Battles counted in the session win rate: 6 to 50 (after the fair start). */
export const WIN_RATE_BATTLES = { from: 6, to: 50 } as const;

export interface SessionResult {
  battles: number;
  /** Wins and battles among battles 6-50. */
  countedWins: number;
  counted: number;
  /** Minutes until the first forging, Infinity when none in the hour. */
  firstForgeMinutes: number;
  upgrades: number;
  /** Seconds spent waiting for the cooldown with nothing left to do. */
  idleSeconds: number;
  levelAt30: number;
  levelAt60: number;
  /** Minutes until level 5, Infinity when not reached. */
  levelFiveMinutes: number;
  creditsEarned: number;
  forges: number;
}

export interface SessionOptions {
  classId: ClassId;
  seed: number;
  /** The account's id, which picks its dailies. */
  userId: number;
  threat?: Threat;
}

const DAY = '2026-11-25';

/** One simulated hour of a new player of a class. */
export function simulateSession({ classId, seed, userId, threat = DEFAULT_THREAT }: SessionOptions): SessionResult {
  const player = newSessionPlayer(classId, userId, DAY);
  const forgeRng = createRng(mixSeed(seed, 7));
  const cooldown = PVE_COOLDOWN_MS / 1000;
  let t = 0;
  let lastBattleAt = -Infinity;
  let idle = 0;
  let battles = 0;
  let countedWins = 0;
  let counted = 0;
  let firstForge = Infinity;
  let levelAt30 = 1;
  let levelFive = Infinity;
  let earned = 0;
  const act = () => {
    const kind = nextAction(player, forgeRng, userId);
    if (!kind) return false;
    if (kind === 'forge' && firstForge === Infinity) firstForge = t / 60;
    t += ACTION_SECONDS[kind];
    return true;
  };
  while (t < SESSION_SECONDS) {
    while (t < SESSION_SECONDS && act());
    const ready = lastBattleAt + cooldown;
    if (t < ready) {
      idle += Math.min(ready, SESSION_SECONDS) - t;
      t = ready;
    }
    if (t >= SESSION_SECONDS) break;
    if (t <= 30 * 60) levelAt30 = player.level;
    t += START_SECONDS;
    lastBattleAt = t;

    const fighter = sessionFighter(player);
    const enemy = enemyFor(createRng(mixSeed(seed, battles)), { fighter, battles }, threat);
    const battleSeed = mixSeed(seed, battles, 1);
    const played = runAiBattle('pve', [fighter, enemyFighter(enemy)], battleSeed);
    const won = played.state.winner === 0;
    battles++;
    if (battles >= WIN_RATE_BATTLES.from && battles <= WIN_RATE_BATTLES.to) {
      counted++;
      if (won) countedWins++;
    }
    const rewards = pveRewards(won ? 'victory' : 'defeat', enemy.level, enemy.threat);
    const gain = applyExperience(player, rewards.experience);
    const levelBefore = player.level;
    Object.assign(player, { level: gain.level, experience: gain.experience });
    player.statPoints += gain.statPointsGained;
    player.skillPoints += gain.skillPointsGained;
    player.credits += rewards.credits;
    earned += rewards.credits;
    if (won) {
      player.wins++;
      addDrops(player, rollMaterialDrops(createRng(victoryDropSeed(battleSeed)), enemy.level));
    } else player.losses++;
    for (const event of battleEvents({ userId, characterId: userId, characterName: classId, kind: 'pve', won, levelBefore, levelAfter: player.level })) {
      record(player, event);
    }
    if (player.level >= 5 && levelFive === Infinity) levelFive = t / 60;

    const replay = formatLog(played.events).length * REPLAY_SECONDS_PER_ENTRY;
    const busy = hasSomethingToDo(player, userId);
    t += (busy ? Math.min(replay, SKIP_AFTER_SECONDS) : replay) + RESULT_SECONDS;
    if (t <= 30 * 60) levelAt30 = player.level;
  }
  return {
    battles,
    countedWins,
    counted,
    firstForgeMinutes: firstForge,
    upgrades: player.upgrades,
    idleSeconds: idle,
    levelAt30,
    levelAt60: player.level,
    levelFiveMinutes: levelFive,
    creditsEarned: earned,
    forges: player.forges,
  };
}

/** A summary of sessions: the win rate pooled over battles 6-50, medians for the rest. */
export interface SessionSummary {
  sessions: number;
  winRate: number;
  firstForgeMinutes: number;
  battlesPerUpgrade: number;
  idleShare: number;
  levelAt30: number;
  levelFiveMinutes: number;
  battles: number;
  creditsEarned: number;
}

export interface SessionReport {
  threat: Threat;
  byClass: Record<ClassId, SessionSummary>;
  overall: SessionSummary;
  /** Per line, the class that does worst and its figure. */
  worst: {
    winRate: { classId: ClassId; value: number };
    firstForgeMinutes: { classId: ClassId; value: number };
    battlesPerUpgrade: { classId: ClassId; value: number };
    idleShare: { classId: ClassId; value: number };
    levelAt30: { classId: ClassId; value: number };
    levelFiveMinutes: { classId: ClassId; value: number };
  };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function summarise(results: readonly SessionResult[]): SessionSummary {
  const sum = (f: (r: SessionResult) => number) => results.reduce((s, r) => s + f(r), 0);
  return {
    sessions: results.length,
    winRate: sum((r) => r.countedWins) / Math.max(1, sum((r) => r.counted)),
    firstForgeMinutes: median(results.map((r) => r.firstForgeMinutes)),
    battlesPerUpgrade: median(results.map((r) => (r.upgrades > 0 ? r.battles / r.upgrades : Infinity))),
    idleShare: median(results.map((r) => r.idleSeconds / SESSION_SECONDS)),
    levelAt30: median(results.map((r) => r.levelAt30)),
    levelFiveMinutes: median(results.map((r) => r.levelFiveMinutes)),
    battles: median(results.map((r) => r.battles)),
    creditsEarned: median(results.map((r) => r.creditsEarned)),
  };
}

/** `sessionsPerClass` sessions of every class at `threat` (the default threat when absent). */
export function simulateSessions(sessionsPerClass: number, seed = 1, threat: Threat = DEFAULT_THREAT): SessionReport {
  const all: SessionResult[] = [];
  const byClass = {} as Record<ClassId, SessionSummary>;
  CLASS_IDS.forEach((classId, c) => {
    const results = Array.from({ length: sessionsPerClass }, (_, i) =>
      simulateSession({ classId, seed: mixSeed(seed, c, i), userId: 1 + c * sessionsPerClass + i, threat }),
    );
    all.push(...results);
    byClass[classId] = summarise(results);
  });
  const worstBy = (key: keyof SessionSummary, lowIsWorse: boolean) => {
    const classId = CLASS_IDS.reduce((a, b) => ((lowIsWorse ? byClass[b][key] < byClass[a][key] : byClass[b][key] > byClass[a][key]) ? b : a));
    return { classId, value: byClass[classId][key] };
  };
  return {
    threat,
    byClass,
    overall: summarise(all),
    worst: {
      winRate: worstBy('winRate', true),
      firstForgeMinutes: worstBy('firstForgeMinutes', false),
      battlesPerUpgrade: worstBy('battlesPerUpgrade', false),
      idleShare: worstBy('idleShare', false),
      levelAt30: worstBy('levelAt30', true),
      levelFiveMinutes: worstBy('levelFiveMinutes', false),
    },
  };
}

/** Which bounds a report breaks (issue 24), as sentences; empty when every line holds. */
export function sessionFailures(report: SessionReport): string[] {
  const b = SESSION_BOUNDS;
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const failures: string[] = [];
  const { overall, worst } = report;
  if (overall.winRate < b.winRateMin || overall.winRate > b.winRateMax) failures.push(`Session win rate ${pct(overall.winRate)} is outside ${pct(b.winRateMin)}-${pct(b.winRateMax)}`);
  if (worst.winRate.value < b.worstWinRateMin) failures.push(`${worst.winRate.classId}s win ${pct(worst.winRate.value)} of battles 6-50, below ${pct(b.worstWinRateMin)}`);
  if (worst.firstForgeMinutes.value > b.firstForgeMaxMinutes) failures.push(`${worst.firstForgeMinutes.classId}s first forge after ${worst.firstForgeMinutes.value.toFixed(1)} min, above ${b.firstForgeMaxMinutes}`);
  if (worst.battlesPerUpgrade.value > b.battlesPerUpgradeMax) failures.push(`${worst.battlesPerUpgrade.classId}s fight ${worst.battlesPerUpgrade.value.toFixed(1)} battles per gear upgrade, above ${b.battlesPerUpgradeMax}`);
  if (worst.idleShare.value > b.idleShareMax) failures.push(`${worst.idleShare.classId}s are idle ${pct(worst.idleShare.value)} of the hour, above ${pct(b.idleShareMax)}`);
  if (worst.levelFiveMinutes.value > b.levelFiveMaxMinutes) failures.push(`${worst.levelFiveMinutes.classId}s reach level 5 after ${worst.levelFiveMinutes.value.toFixed(1)} min, above ${b.levelFiveMaxMinutes}`);
  return failures;
}
