import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { CHARACTER_MESSAGES, currentOf, resolveAvatar, type AllocateStatsBody, type CreateCharacterBody } from '@common/characters';
import type { CharacterView, ProgressionView } from '@common/game-api';
import type { AppContext } from '../context';
import { batchedReads } from '../db/batch';
import { perDatabase, type Db, type Executor } from '../db/client';
import { characters, marketplaceListings, users } from '../db/schema';
import { pvpBattles, pvpQueue } from '../db/schema-pvp';
import { allocateStats, experienceToNext } from '../domain/progression';
import type { CharacterRow } from '../db/schema';
import { characterView } from './character-view';
import { extrasColumns, loadoutFrom } from './loadout';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { recordEvents } from './outbox';
import { transact } from './transaction';

/** The order of a player's characters, best first (`bestFirst` of src/common/characters.ts). */
const bestFirst = [desc(characters.level), desc(characters.wins), asc(characters.id)];
/** The current character first (`currentOf` of src/common/characters.ts): the best one not listed for sale. */
const currentFirst = [asc(characters.listed), ...bestFirst];

/**
 * The player's current character (DESIGN §4): the best one not listed for sale (a listed one only
 * when all are). Every rule that acts on "your character" without naming one (the
 * current-character call, gear bought, forged pieces, the look shown, the enemy's level) reads it
 * here. Optionally locked for the transaction.
 */
export async function currentCharacterRow(db: Executor, userId: number, lock = false): Promise<CharacterRow | undefined> {
  const query = db.select().from(characters).where(eq(characters.userId, userId)).orderBy(...currentFirst).limit(1);
  const [row] = lock ? await query.for('no key update') : await query;
  return row;
}

/** Views of characters already read: their listings, gear and skills in one statement. */
export async function viewsOf(db: Executor, rows: CharacterRow[]): Promise<CharacterView[]> {
  if (rows.length === 0) return [];
  const extras = await db
    .select({ id: characters.id, ...extrasColumns })
    .from(characters)
    .where(inArray(characters.id, rows.map((r) => r.id)));
  const byId = new Map(extras.map((e) => [e.id, e]));
  return rows.map((r) => {
    const e = byId.get(r.id);
    return e ? characterView(r, e.listing, loadoutFrom(e)) : characterView(r);
  });
}

/**
 * The player's characters with everything their views need, best first, in one prepared
 * statement (the hottest read of the game: every screen asks for it).
 */
/**
 * Players' characters with their gear, skills and listing, best (highest level) first: the reads
 * of one event-loop turn in one statement (db/batch.ts).
 */
const charactersOfUsers = perDatabase((db) => {
  const statement = db
    .select({ character: characters, ...extrasColumns })
    .from(characters)
    .where(sql`${characters.userId} = any(${sql.placeholder('userIds')}::int[])`)
    .orderBy(...bestFirst)
    .prepare('characters_of_users');
  type Row = Awaited<ReturnType<typeof statement.execute>>[number];
  return batchedReads<number, Row[]>(async (userIds) => {
    const byUser = new Map<number, Row[]>();
    for (const row of await statement.execute({ userIds })) {
      const list = byUser.get(row.character.userId);
      if (list) list.push(row);
      else byUser.set(row.character.userId, [row]);
    }
    return byUser;
  });
});

async function charactersOfUser(db: Db, userId: number) {
  return (await charactersOfUsers(db)(userId)) ?? [];
}

/** The player's characters, best (highest level) first. */
export async function listCharacters({ db }: AppContext, userId: number): Promise<CharacterView[]> {
  const rows = await charactersOfUser(db, userId);
  return rows.map((r) => characterView(r.character, r.listing, loadoutFrom(r)));
}

/** The player's current character (`currentOf`: the best one not listed for sale). 404 without any. */
export async function currentCharacter({ db }: AppContext, userId: number): Promise<CharacterView> {
  const current = currentOf(await charactersOfUser(db, userId), { rank: (r) => r.character, listed: (r) => r.listing !== null });
  if (!current) throw notFound('You have no character yet');
  return characterView(current.character, current.listing, loadoutFrom(current));
}

/**
 * A character the player owns, optionally locked for the rest of the transaction.
 * 404 when no such character exists, 403 when it belongs to someone else.
 */
export async function ownedCharacter(db: Executor, userId: number, characterId: number, lock = false): Promise<CharacterRow> {
  const query = db.select().from(characters).where(eq(characters.id, characterId)).limit(1);
  const [row] = lock ? await query.for('no key update') : await query;
  if (!row) throw notFound('Character not found');
  if (row.userId !== userId) throw forbidden('This character is not yours');
  return row;
}

/** The character's active marketplace listing, if it is for sale. */
export async function activeListingOf(db: Executor, characterId: number) {
  const [listing] = await db
    .select({ id: marketplaceListings.id, price: marketplaceListings.price })
    .from(marketplaceListings)
    .where(and(eq(marketplaceListings.characterId, characterId), eq(marketplaceListings.status, 'active')))
    .limit(1);
  return listing;
}

/** 409 when the character is on the marketplace: a listed character cannot fight, equip, learn or queue. */
export async function assertNotListed(db: Executor, characterId: number, action: string): Promise<void> {
  if (await activeListingOf(db, characterId)) throw conflict(listedMessage(action));
}

export function listedMessage(action: string): string {
  return `A character listed on the marketplace cannot ${action}. Withdraw the listing first.`;
}

/**
 * Whether the character is waiting in the PvP queue or fighting a running battle, read in one
 * statement (one snapshot): a matcher moving it from the queue into a battle is seen in one
 * place or the other, never in neither.
 */
export async function pvpBusy(db: Executor, characterId: number): Promise<'queue' | 'battle' | null> {
  const [row] = await db
    .select({
      queued: sql<boolean>`exists (select 1 from ${pvpQueue} where ${pvpQueue.characterId} = ${characterId})`,
      fighting: sql<boolean>`exists (select 1 from ${pvpBattles} where ${pvpBattles.status} = 'active' and (${pvpBattles.player1CharacterId} = ${characterId} or ${pvpBattles.player2CharacterId} = ${characterId}))`,
    })
    .from(sql`(select 1) as one`);
  if (row?.fighting) return 'battle';
  if (row?.queued) return 'queue';
  return null;
}

export const PVP_BUSY_MESSAGES = {
  queue: 'This character is waiting in the PvP queue. Leave the queue first.',
  battle: 'This character is fighting a PvP battle. Try again when it ends.',
} as const;

/** 409 when the character is queued for or fighting PvP: it cannot be listed or change hands then. */
export async function assertNotInPvp(db: Executor, characterId: number): Promise<void> {
  const busy = await pvpBusy(db, characterId);
  if (busy) throw conflict(PVP_BUSY_MESSAGES[busy]);
}

/** Creates the account's fighter; allowed only while the account owns none (DESIGN §4). */
export async function createCharacter(ctx: AppContext, userId: number, input: CreateCharacterBody): Promise<CharacterView> {
  return transact(ctx, async (tx) => {
    // Lock the account row so two simultaneous creations cannot both see "no character".
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    const [existing] = await tx.select({ id: characters.id }).from(characters).where(eq(characters.userId, userId)).limit(1);
    if (existing) throw conflict(CHARACTER_MESSAGES.oneCharacterOnly);
    const [row] = await tx
      .insert(characters)
      .values({
        userId,
        name: input.name,
        class: input.class,
        characterAvatar: resolveAvatar(input.characterAvatar).id,
      })
      .returning();
    await recordEvents(tx, [{ type: 'CharacterCreated', userId, characterId: row!.id }], ctx.clock.now());
    return characterView(row!);
  });
}

export async function progression({ db }: AppContext, userId: number, characterId: number): Promise<ProgressionView> {
  const row = await ownedCharacter(db, userId, characterId);
  return {
    level: row.level,
    experience: row.experience,
    experienceToNext: experienceToNext(row.level),
    availableSkillPoints: row.skillPoints,
    statPoints: row.statPoints,
  };
}

/** Spends stat points on the four stats. */
export async function spendStatPoints(
  ctx: AppContext,
  userId: number,
  characterId: number,
  request: AllocateStatsBody,
): Promise<CharacterView> {
  return transact(ctx, async (tx) => {
    const row = await ownedCharacter(tx, userId, characterId, true);
    await assertNotListed(tx, characterId, 'change its stats');
    const outcome = allocateStats(row.allocated, row.statPoints, request);
    if (!outcome.ok) throw badRequest(outcome.message);
    const [updated] = await tx
      .update(characters)
      .set({ allocated: outcome.allocated, statPoints: outcome.statPointsLeft })
      .where(eq(characters.id, characterId))
      .returning();
    const [view] = await viewsOf(tx, [updated!]);
    return view!;
  });
}
