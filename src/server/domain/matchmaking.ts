import type { PvpVariant } from '@common/pvp';
import { blockPairKey } from './moderation';

/**
 * PvP matchmaking (DESIGN §4): pairs the closest ratings within a window that widens while a
 * player waits; the closer level breaks ties. Never across pages or arenas, never a player with
 * themselves. Pure: the caller gives the clock.
 */
export interface QueueEntry {
  userId: number;
  characterId: number;
  variant: PvpVariant;
  level: number;
  rating: number;
  arena: string | null;
  joinedAt: Date;
}

/** The rating window starts here and widens by WINDOW_STEP per WIDEN_MS waited. */
export const BASE_WINDOW = 100;
export const WINDOW_STEP = 50;
export const WIDEN_MS = 5000;
/** A player alone in the queue this long is offered a ghost. */
export const GHOST_AFTER_MS = 20_000;

/** The rating difference allowed for an entry that has waited since `joinedAt`. */
export function allowedWindow(joinedAt: Date, now: Date): number {
  return BASE_WINDOW + WINDOW_STEP * Math.floor(Math.max(0, now.getTime() - joinedAt.getTime()) / WIDEN_MS);
}

const compatible = (a: QueueEntry, b: QueueEntry) => a.userId !== b.userId && a.variant === b.variant && a.arena === b.arena;

/**
 * Pairs queue entries, the longest waiting first, each with the compatible entry of the closest
 * rating (then level) within the window of the longer waiter of the two. Two players of whom
 * one blocks the other (`blocked`, keys of blockPairKey) are never paired.
 */
export function pairQueue(entries: readonly QueueEntry[], now: Date, blocked: ReadonlySet<string> = new Set()): [QueueEntry, QueueEntry][] {
  const waiting = [...entries].sort((x, y) => x.joinedAt.getTime() - y.joinedAt.getTime() || x.userId - y.userId);
  const taken = new Set<number>();
  const pairs: [QueueEntry, QueueEntry][] = [];
  for (const entry of waiting) {
    if (taken.has(entry.userId)) continue;
    let best: QueueEntry | undefined;
    const distance = (c: QueueEntry) => [Math.abs(c.rating - entry.rating), Math.abs(c.level - entry.level)] as const;
    for (const candidate of waiting) {
      if (taken.has(candidate.userId) || !compatible(entry, candidate) || blocked.has(blockPairKey(entry.userId, candidate.userId))) continue;
      const window = Math.max(allowedWindow(entry.joinedAt, now), allowedWindow(candidate.joinedAt, now));
      const [rating, level] = distance(candidate);
      if (rating > window) continue;
      if (best) {
        const [bestRating, bestLevel] = distance(best);
        if (rating > bestRating || (rating === bestRating && level >= bestLevel)) continue;
      }
      best = candidate;
    }
    if (best) {
      taken.add(entry.userId);
      taken.add(best.userId);
      pairs.push([entry, best]);
    }
  }
  return pairs;
}

/**
 * The wait announced to a player who has waited `waitedMs` (`queue_joined.estimatedWait`, in
 * seconds). A compatible player is paired as soon as both wait, so one still waiting fights
 * whoever joins next or, at GHOST_AFTER_MS, the ghost offered when one fits: the seconds until
 * then, 0 once past (the page then says no ghost fits yet).
 */
export function estimatedWaitSeconds(waitedMs: number): number {
  return Math.max(0, Math.ceil((GHOST_AFTER_MS - Math.max(0, waitedMs)) / 1000));
}

/** Whether a waiting player has been alone long enough to be offered a ghost. */
export function ghostDue(joinedAt: Date, now: Date): boolean {
  return now.getTime() - joinedAt.getTime() >= GHOST_AFTER_MS;
}

/** A ghost is of the player's level ± this (issue 24: a level-1 player was offered a level-4 ghost). */
export const GHOST_LEVEL_SPREAD = 1;
/** ...and of a battle power (enemies.ts `fighterPower`) within this share of the player's. */
export const GHOST_POWER_SPREAD = 0.1;

/** Who a ghost is matched on: the waiting player's fighter, or a character that may be copied. */
export interface GhostMatch {
  level: number;
  rating: number;
  /** Battle power: stats with gear and passives, raised for the skills it can use. */
  power: number;
}

/** Whether a character may be the ghost of a player: level ± 1, power within 10 %. */
export function ghostFits(me: GhostMatch, candidate: GhostMatch): boolean {
  return Math.abs(candidate.level - me.level) <= GHOST_LEVEL_SPREAD && Math.abs(candidate.power - me.power) <= GHOST_POWER_SPREAD * me.power;
}

/** The ghost to offer among the candidates: one that fits, the closest in rating, then in power; null when none fits. */
export function pickGhost<T extends GhostMatch & { characterId: number }>(me: GhostMatch, candidates: readonly T[]): T | null {
  const fitting = candidates.filter((c) => ghostFits(me, c));
  fitting.sort(
    (a, b) =>
      Math.abs(a.rating - me.rating) - Math.abs(b.rating - me.rating) || Math.abs(a.power - me.power) - Math.abs(b.power - me.power) || a.characterId - b.characterId,
  );
  return fitting[0] ?? null;
}

/** A ghost pays half of a real victory, and no rating changes hands. */
export const GHOST_REWARD_SHARE = 0.5;
export const ghostName = (name: string) => `Ghost of ${name}`;
