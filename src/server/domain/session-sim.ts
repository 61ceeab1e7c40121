import { CLASS_IDS, type ClassId } from '@common/characters';
import { PVE_COOLDOWN_MS, PVP_COOLDOWN_MS } from '@common/constants';
import type { Threat } from '@common/game-api';
import { formatLog } from '@common/battle-text';
import { battleEvents } from './events';
import { DEFAULT_THREAT, enemyFighter, enemyFor } from './enemies';
import { runAiBattle } from './engine-replay';
import { rollMaterialDrops, victoryDropSeed } from './forge';
import { applyExperience, pveRewards } from './progression';
import { createRng, mixSeed } from './rng';
import { ghostDuel, GHOST_WAIT_SECONDS, JOIN_QUEUE_SECONDS } from './session-duel';
import { ACTION_PAGE, ACTION_SECONDS, NAV_SECONDS, addDrops, hasSomethingToDo, newSessionPlayer, nextAction, record, sessionFighter } from './session-player';

/**
 * The first hour of a new player (issue 24, `npm run balance`): per class, sessions of 60
 * minutes of game time under the game's rules (the PvE and PvP cooldowns, enemies by threat,
 * rewards, drops, quests and dailies, shop, points, the forge, ghost duels), played by a greedy
 * player (session-player.ts) that fights at the default threat and, between battles, claims,
 * spends, forges and buys whatever it can, and duels a ghost in the rest (session-duel.ts).
 * Time passes as on the screens: opening another screen takes NAV_SECONDS, a replay plays one
 * log entry a second (SPEC §9) and is skipped only when the rest would not hold it, the result
 * is read; then the player does what it can, and waits when nothing is left.
 */

export const SESSION_SECONDS = 60 * 60;
/** Seconds to read the enemy panel and press Start Battle. */
export const START_SECONDS = 3;
/** SPEC §9: a replay shows one log entry a second. */
export const REPLAY_SECONDS_PER_ENTRY = 1;
/** Seconds of a replay the player watches before pressing Skip when it has something to do. */
export const SKIP_AFTER_SECONDS = 2;
/** Seconds of work the player expects when it has something to do after a battle (to decide on Skip). */
export const WORK_AFTER_BATTLE_SECONDS = 10;
/** Seconds to read the result (SPEC §9: the next enemy comes 2 s after a battle). */
export const RESULT_SECONDS = 3;

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
  duels: number;
  /** Seconds spent per activity (battle, replay, duel and each ActionKind). */
  time: Record<string, number>;
}

export interface SessionOptions {
  classId: ClassId;
  seed: number;
  /** The account's id, which picks its dailies. */
  userId: number;
  threat?: Threat;
  /** Whether the player duels ghosts while its fighter rests (true unless told otherwise). */
  duels?: boolean;
}

const DAY = '2026-11-25';

/** One simulated hour of a new player of a class. */
export function simulateSession({ classId, seed, userId, threat = DEFAULT_THREAT, duels = true }: SessionOptions): SessionResult {
  const player = newSessionPlayer(classId, userId, DAY);
  const forgeRng = createRng(mixSeed(seed, 7));
  const cooldown = PVE_COOLDOWN_MS / 1000;
  const pvpCooldown = PVP_COOLDOWN_MS / 1000;
  let t = 0;
  let lastBattleAt = -Infinity;
  let lastDuelAt = -Infinity;
  let queuedAt: number | null = null;
  const r = { idle: 0, battles: 0, countedWins: 0, counted: 0, firstForge: Infinity, levelAt30: 1, levelFive: Infinity, earned: 0, duels: 0 };
  const time: Record<string, number> = {};
  let page = '/battle';
  /** Spends `seconds` on `what`, on the screen `on` (opening it first when the player is elsewhere). */
  const spend = (what: string, seconds: number, on: string) => {
    if (on !== page) {
      time.nav = (time.nav ?? 0) + NAV_SECONDS;
      t += NAV_SECONDS;
      page = on;
    }
    time[what] = (time[what] ?? 0) + seconds;
    t += seconds;
  };
  const act = () => {
    const kind = nextAction(player, forgeRng, userId);
    if (!kind) return false;
    if (kind === 'forge' && r.firstForge === Infinity) r.firstForge = t / 60;
    spend(kind, ACTION_SECONDS[kind], ACTION_PAGE[kind]);
    return true;
  };
  /** Pays a battle's end: experience with its levels and points, credits, the win or loss and its quests. */
  const settle = (kind: 'pve' | 'pvp', won: boolean, experience: number, credits: number, ghost: boolean) => {
    const levelBefore = player.level;
    const gain = applyExperience(player, experience);
    Object.assign(player, { level: gain.level, experience: gain.experience });
    player.statPoints += gain.statPointsGained;
    player.skillPoints += gain.skillPointsGained;
    player.credits += credits;
    r.earned += credits;
    if (won) player.wins++;
    else player.losses++;
    for (const event of battleEvents({ userId, characterId: userId, characterName: classId, kind, won, ghost, levelBefore, levelAfter: player.level })) record(player, event);
    if (player.level >= 5 && r.levelFive === Infinity) r.levelFive = t / 60;
  };
  const fightPve = () => {
    spend('battle', START_SECONDS, '/battle');
    lastBattleAt = t;
    const fighter = sessionFighter(player);
    const enemy = enemyFor(createRng(mixSeed(seed, r.battles)), { fighter, battles: player.wins + player.losses }, threat);
    const battleSeed = mixSeed(seed, r.battles, 1);
    const played = runAiBattle('pve', [fighter, enemyFighter(enemy)], battleSeed);
    const won = played.state.winner === 0;
    r.battles++;
    if (r.battles >= WIN_RATE_BATTLES.from && r.battles <= WIN_RATE_BATTLES.to) {
      r.counted++;
      if (won) r.countedWins++;
    }
    const rewards = pveRewards(won ? 'victory' : 'defeat', enemy.level, enemy.threat);
    settle('pve', won, rewards.experience, rewards.credits, false);
    if (won) addDrops(player, rollMaterialDrops(createRng(victoryDropSeed(battleSeed)), enemy.level));
    const replay = formatLog(played.events).length * REPLAY_SECONDS_PER_ENTRY;
    // Watched while the rest leaves room for it; skipped when the ghost offer or the work left would not wait.
    const work = hasSomethingToDo(player, userId) ? WORK_AFTER_BATTLE_SECONDS : 0;
    const rush = (queuedAt !== null && t + replay >= queuedAt + GHOST_WAIT_SECONDS) || t + replay + RESULT_SECONDS + work > lastBattleAt + cooldown;
    spend('replay', rush ? Math.min(replay, SKIP_AFTER_SECONDS) : replay, '/battle');
    spend('battle', RESULT_SECONDS, '/battle');
  };
  const fightGhost = () => {
    const duel = ghostDuel(sessionFighter(player), mixSeed(seed, 0x6475656c, r.duels));
    r.duels++;
    spend('duel', duel.seconds, '/pvp');
    lastDuelAt = t;
    queuedAt = null;
    settle('pvp', duel.won, duel.experience, duel.credits, true);
  };
  while (t < SESSION_SECONDS) {
    if (t <= 30 * 60) r.levelAt30 = player.level;
    if (act()) continue;
    // The queue first (a click, and its wait runs while the fighter fights or rests), then the
    // PvE battle as soon as the rest is over, then the ghost in the rest.
    if (duels && queuedAt === null && t >= lastDuelAt + pvpCooldown) {
      spend('duel', JOIN_QUEUE_SECONDS, '/pvp');
      queuedAt = t;
    } else if (t >= lastBattleAt + cooldown) fightPve();
    else if (queuedAt !== null && t >= queuedAt + GHOST_WAIT_SECONDS) fightGhost();
    else {
      const next = Math.min(lastBattleAt + cooldown, queuedAt !== null ? queuedAt + GHOST_WAIT_SECONDS : duels ? lastDuelAt + pvpCooldown : Infinity, SESSION_SECONDS);
      r.idle += next - t;
      t = next;
    }
  }
  return {
    battles: r.battles,
    countedWins: r.countedWins,
    counted: r.counted,
    firstForgeMinutes: r.firstForge,
    upgrades: player.upgrades,
    idleSeconds: r.idle,
    levelAt30: r.levelAt30,
    levelAt60: player.level,
    levelFiveMinutes: r.levelFive,
    creditsEarned: r.earned,
    forges: player.forges,
    duels: r.duels,
    time,
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
