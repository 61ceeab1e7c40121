import { inArray } from 'drizzle-orm';
import type { ArenaId } from '@common/arenas';
import type { Executor } from '../../db/client';
import { characters, users, type CharacterRow } from '../../db/schema';
import { pvpBattles } from '../../db/schema-pvp';
import type { Fighter } from '../../domain/battle';
import { startBattle } from '../../domain/engine';
import { ghostName, type QueueEntry } from '../../domain/matchmaking';
import { characterView } from '../../services/character-view';
import { fighterFrom, loadoutsOf } from '../../services/loadout';
import { newSeed } from '../../services/seeds';
import type { RoomPlayer } from '../room/protocol';
import type { BattleRow } from './battles';

/** Two queue entries to fight each other; side 1 may be a ghost (an AI copy of `ghostOf`). */
export interface Pairing {
  sides: [QueueEntry, QueueEntry];
  ghostOf?: number;
  /** A direct challenge: unrated, pays nothing. */
  friendly?: boolean;
}

/** A stored battle with what its room shows of the players. */
export interface StoredBattle {
  row: BattleRow;
  players: [RoomPlayer, RoomPlayer];
  arena: ArenaId | null;
}

/**
 * Loads the fighters of the pairs (stats with gear, set bonuses and skills) and stores their
 * battles, owned by `owner`, in the caller's transaction: one statement per kind of row read and
 * one insert for every battle.
 */
export async function storeBattles(db: Executor, owner: string, now: Date, turnMs: number, pairings: readonly Pairing[]): Promise<StoredBattle[]> {
  if (pairings.length === 0) return [];
  const ids = [...new Set(pairings.flatMap((p) => [p.sides[0].characterId, p.ghostOf ?? p.sides[1].characterId]))];
  const rows = new Map((await db.select().from(characters).where(inArray(characters.id, ids))).map((r) => [r.id, r]));
  const loadouts = await loadoutsOf(db, ids);
  const userIds = [...new Set(pairings.flatMap((p) => p.sides.map((s) => s.userId)))];
  const names = new Map((await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, userIds))).map((u) => [u.id, u.username]));
  const player = (row: CharacterRow, userId: number, username: string): RoomPlayer => {
    const view = characterView(row, null, loadouts.get(row.id));
    return { userId, characterId: row.id, username, view, rating: { rating: view.rating.rating, deviation: view.rating.deviation } };
  };
  const built = pairings.map((pairing) => {
    const [first, second] = pairing.sides;
    const a = rows.get(first.characterId)!;
    const b = rows.get(pairing.ghostOf ?? second.characterId)!;
    const fighter1 = fighterFrom(a, loadouts.get(a.id));
    const copied = fighterFrom(b, loadouts.get(b.id));
    const ghost = pairing.ghostOf !== undefined;
    const fighter2: Fighter = ghost ? { ...copied, name: ghostName(b.name) } : copied;
    const seed = newSeed();
    const { state } = startBattle(first.variant, [fighter1, fighter2], seed);
    const players: [RoomPlayer, RoomPlayer] = [
      player(a, first.userId, names.get(first.userId) ?? ''),
      ghost ? { ...player(b, 0, fighter2.name), view: { ...characterView(b, null, loadouts.get(b.id)), name: fighter2.name } } : player(b, second.userId, names.get(second.userId) ?? ''),
    ];
    const values: typeof pvpBattles.$inferInsert = {
      variant: first.variant,
      player1UserId: first.userId,
      player1CharacterId: a.id,
      player2UserId: ghost ? null : second.userId,
      player2CharacterId: b.id,
      ghost,
      friendly: pairing.friendly ?? false,
      fighter1,
      fighter2,
      hp1: state.sides[0].hp,
      hp2: state.sides[1].hp,
      maxHp1: state.sides[0].maxHp,
      maxHp2: state.sides[1].maxHp,
      currentTurn: state.current === 0 ? first.userId : ghost ? null : second.userId,
      turnDeadline: new Date(now.getTime() + turnMs),
      seed,
      rating1: a.rating,
      rating2: b.rating,
      owner,
      createdAt: now,
    };
    return { values, players, arena: (first.arena as ArenaId | null) ?? null };
  });
  const inserted = await db.insert(pvpBattles).values(built.map((b) => b.values)).returning();
  return inserted.map((row, i) => ({ row, players: built[i]!.players, arena: built[i]!.arena }));
}
