import type { Role } from '@common/moderation';

/**
 * Moderation rules (docs/decisions.md 'Moderation'), pure: who may act on whom, how long a mute
 * or suspension lasts, what a renamed character or guild is called.
 */

export const isStaff = (role: Role) => role === 'moderator' || role === 'admin';

/**
 * A moderator acts on players only; an admin on players and moderators. Admins are named by
 * the deployment (ADMIN_USERNAMES), so nobody acts on an admin, and nobody on themselves.
 */
export function mayActOn(actor: { id: number; role: Role }, target: { id: number; role: Role }): boolean {
  if (actor.id === target.id || !isStaff(actor.role)) return false;
  if (actor.role === 'admin') return target.role !== 'admin';
  return target.role === 'player';
}

export const minutesFrom = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000);

/** Whether a mute stored as `until` still holds at `now`. */
export const isMuted = (until: Date | null, now: Date) => until !== null && until.getTime() > now.getTime();

/** Whether a suspension (since `at`, until `until`, null = for good) holds at `now`. */
export function isSuspended(at: Date | null, until: Date | null, now: Date): boolean {
  return at !== null && (until === null || until.getTime() > now.getTime());
}

/** The neutral name an offensive character or guild name is replaced by: unique by its id. */
export const neutralCharacterName = (id: number) => `Fighter ${id}`;
export const neutralGuildName = (id: number) => `Guild ${id}`;

/** The chat lines kept as a report's evidence: the message and the ten around it (five each side when there are). */
export const EVIDENCE_AROUND = 10;
export function evidenceWindow<T extends { id: number }>(before: readonly T[], message: T, after: readonly T[]): T[] {
  const half = EVIDENCE_AROUND / 2;
  let b = Math.min(before.length, half);
  let a = Math.min(after.length, half);
  // Fewer on one side: the other side gives more.
  b = Math.min(before.length, EVIDENCE_AROUND - a);
  a = Math.min(after.length, EVIDENCE_AROUND - b);
  const older = [...before].sort((x, y) => x.id - y.id).slice(before.length - b);
  const newer = [...after].sort((x, y) => x.id - y.id).slice(0, a);
  return [...older, message, ...newer];
}

/** The key of a pair of players, whichever way round (blocks among a matching pass's seats). */
export const blockPairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);
