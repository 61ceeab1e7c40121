import type { Side } from '@common/battle-events';
import type { Action } from '../../domain/engine';
import { replayBattle, type BattleRecord } from '../../domain/engine-replay';
import { rulesOf } from '../../domain/pvp';
import type { PvpStore } from '../ports';
import type { BattleRoom, RoomInit } from '../room/battle-room';
import type { RoomPlayer } from '../room/protocol';
import type { BattleRow, Snapshot } from '../storage/battles';

/**
 * Rooms for battles taken over from an instance that died: the journal (claimed, so the old
 * owner can no longer add to it) or the snapshot, whichever holds more of the battle, gives every
 * action so far, and the engine plays them again from the seed. Every room is built before any is
 * adopted, so a failure on the way adopts none and the next heartbeat tries them all again.
 */
export async function restoreRooms(
  store: PvpStore,
  owner: string,
  rows: readonly BattleRow[],
  adopt: (init: Omit<RoomInit, 'turnMs' | 'ghostThinkMs'>) => Promise<BattleRoom>,
): Promise<BattleRoom[]> {
  const { views, names } = await store.playersOf(rows);
  const inits: Omit<RoomInit, 'turnMs' | 'ghostThinkMs'>[] = [];
  for (const row of rows) {
    const journal = await store.claimActions(owner, row.id).catch((): Action[] => []);
    const snapshot = row.inputs;
    const extends_ = journal.length > snapshot.length && snapshot.every((a, i) => JSON.stringify(a) === JSON.stringify(journal[i]));
    const record: BattleRecord = { rules: rulesOf(row.variant), fighters: [row.fighter1, row.fighter2], seed: row.seed, inputs: [...(extends_ ? journal : snapshot)] };
    const played = replayBattle(record);
    const player = (side: Side): RoomPlayer => {
      const characterId = (side === 0 ? row.player1CharacterId : row.player2CharacterId) ?? 0;
      const ghostSide = row.ghost && side === 1;
      const userId = side === 0 ? row.player1UserId : ghostSide ? 0 : (row.player2UserId ?? 0);
      const view = views.get(characterId)!;
      return {
        userId,
        characterId,
        username: ghostSide ? record.fighters[1].name : (names.get(userId) ?? ''),
        view: ghostSide ? { ...view, name: record.fighters[1].name } : view,
        rating: { rating: Math.round(side === 0 ? row.rating1 : row.rating2), deviation: view.rating.deviation },
      };
    };
    inits.push({ id: row.id, variant: row.variant, ghost: row.ghost, friendly: row.friendly, arena: null, players: [player(0), player(1)], record, state: played.state, events: played.events });
  }
  const rooms: BattleRoom[] = [];
  for (const init of inits) rooms.push(await adopt(init));
  return rooms;
}

/** What a room's snapshot keeps: every action so far, and a few figures for lists. */
export function snapshotOf(room: BattleRoom): Snapshot {
  const current = room.players[room.state.current].userId;
  return {
    id: room.id,
    inputs: [...room.record.inputs],
    hp1: room.state.sides[0].hp,
    hp2: room.state.sides[1].hp,
    currentTurn: current > 0 ? current : null,
    turnCount: room.state.turn,
    turnDeadline: room.deadline,
  };
}
