import { and, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { GhostOfferView } from '@common/pvp';
import type { AppContext } from '../../context';
import { characters, marketplaceListings } from '../../db/schema';
import { blocks } from '../../db/schema-moderation';
import { fighterPower } from '../../domain/enemies';
import { GHOST_LEVEL_SPREAD, pickGhost, type QueueEntry } from '../../domain/matchmaking';
import { extrasColumns, fighterFrom, loadoutFrom } from '../../services/loadout';

/** Characters of a fitting level looked at for a ghost, the closest in rating first. */
const GHOST_CANDIDATES = 50;

/**
 * A real character to copy as a ghost for the player waiting with `entry` (issue 24): not
 * theirs, not listed, not of a player blocked by them or blocking them, of their level ± 1 and a battle power (gear, passives and skills
 * included) within 10 % of their fighter's, the closest in rating. Null when there is none.
 */
export async function ghostFor({ db }: AppContext, entry: QueueEntry): Promise<(GhostOfferView & { characterId: number }) | null> {
  const withLoadout = { character: characters, gear: extrasColumns.gear, skills: extrasColumns.skills };
  const [mine] = await db.select(withLoadout).from(characters).where(eq(characters.id, entry.characterId));
  if (!mine) return null;
  const power = (row: typeof mine) => fighterPower(fighterFrom(row.character, loadoutFrom(row)));
  const rows = await db
    .select(withLoadout)
    .from(characters)
    .where(
      and(
        ne(characters.userId, entry.userId),
        gte(characters.level, Math.max(1, mine.character.level - GHOST_LEVEL_SPREAD)),
        lte(characters.level, mine.character.level + GHOST_LEVEL_SPREAD),
        sql`not exists (select 1 from ${marketplaceListings} l where l.character_id = "characters"."id" and l.status = 'active')`,
        // Never the fighter of a player either of the two blocks (a block means they never meet).
        sql`not exists (select 1 from ${blocks} b where (b.blocker_id = ${entry.userId} and b.blocked_id = "characters"."user_id") or (b.blocker_id = "characters"."user_id" and b.blocked_id = ${entry.userId}))`,
      ),
    )
    .orderBy(sql`abs(${characters.rating} - ${mine.character.rating})`, characters.id)
    .limit(GHOST_CANDIDATES);
  const me = { level: mine.character.level, rating: mine.character.rating, power: power(mine) };
  const candidates = rows.map((row) => ({ row, characterId: row.character.id, level: row.character.level, rating: row.character.rating, power: power(row) }));
  const found = pickGhost(me, candidates);
  if (!found) return null;
  const { character } = found.row;
  return { characterId: character.id, name: character.name, class: character.class, level: character.level, rating: character.rating };
}
