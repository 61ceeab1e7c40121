/** Rules of the social actions (issue 25): hourly limits. Pure. */

export const SOCIAL_WINDOW_MS = 60 * 60 * 1000;

/**
 * How long until one more action fits when `limit` were taken in the window before `now`
 * (`recent` oldest first): 0 when it fits now, else until the one that blocks it leaves the hour.
 */
export function socialWaitMs(recent: readonly Date[], limit: number, now: Date): number {
  if (recent.length < limit) return 0;
  const blocking = recent[recent.length - limit]!;
  return Math.max(1000, blocking.getTime() + SOCIAL_WINDOW_MS - now.getTime());
}
