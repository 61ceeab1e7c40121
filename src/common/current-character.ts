/** A cooldown countdown as the client shows it: 'Xm Ys' from a minute on, else 'Ys'. */
export function formatCooldown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return minutes > 0 ? `${minutes}m ${seconds}s` : `${seconds}s`;
}

/** What ranks a player's characters: their level, wins and id, and whether they are listed for sale. */
export interface RankedCharacter {
  id: number;
  level: number;
  wins: number;
}

/**
 * The order of a player's characters, best first (DESIGN §4): highest level, then most wins, then
 * the oldest (lowest id), so two characters never tie.
 */
export function bestFirst(a: RankedCharacter, b: RankedCharacter): number {
  return b.level - a.level || b.wins - a.wins || a.id - b.id;
}

/** How to read a list's items: the character each ranks as, and whether it is listed for sale. */
export interface CharacterReader<T> {
  rank: (item: T) => RankedCharacter;
  listed: (item: T) => boolean;
}

/** The best of a player's characters (the dashboard's 'Your Best Character'); null without one. */
export function bestOf<T>(items: readonly T[], rank: (item: T) => RankedCharacter): T | null {
  return items.reduce<T | null>((best, item) => (best === null || bestFirst(rank(item), rank(best)) < 0 ? item : best), null);
}

/**
 * The player's current character (DESIGN §4, docs/decisions.md 'Characters'): the one that
 * fights, buys gear, forges, changes its look and duels. It is the best one not listed for sale;
 * a listed character can do none of those, so it is current only when every character is
 * listed. The server orders its query the same way (services/characters.ts).
 */
export function currentOf<T>(items: readonly T[], { rank, listed }: CharacterReader<T>): T | null {
  return bestOf(
    items.filter((item) => !listed(item)),
    rank,
  ) ?? bestOf(items, rank);
}

/** Reads a list of character views (the client's, and the server's answers). */
export const viewReader: CharacterReader<{ id: number; level: number; wins: number; listing: unknown }> = { rank: (c) => c, listed: (c) => c.listing !== null };
