import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '@common/ws-messages';
import { startBattle, type Action } from '../../domain/engine';
import { AppError } from '../../errors';
import { testFighter } from '../testing';
import { BattleRoom, RoomLost, type RoomStorage } from './battle-room';
import type { RoomPlayer, Settlement } from './protocol';
import { ManualTime } from './room-clock';

/**
 * A room on its own, without PostgreSQL, Redis or sockets: its storage and transport are plain
 * objects that record what the room asks of them, and its time moves only when the test says.
 */

const TURN_MS = 30_000;
const ONE = 1;
const TWO = 2;

function player(userId: number, name: string): RoomPlayer {
  return { userId, characterId: userId * 10, username: name, view: { name, wins: 0, losses: 0 } as never, rating: { rating: 1500, deviation: 350 } };
}

function setup({ fenced = false, seed = 11 } = {}) {
  const time = new ManualTime();
  const kept: Action[] = [];
  const settled: BattleRoom[] = [];
  const sent = new Map<number, ServerMessage[]>();
  let disposed = 0;
  const storage: RoomStorage = {
    append: async (_room, action) => {
      if (fenced) return false;
      kept.push(action);
      return true;
    },
    changed: () => undefined,
    settle: async (room): Promise<Settlement> => {
      settled.push(room);
      const rated = (before: number, after: number) => ({ before: { rating: before, deviation: 350 }, after: { rating: after, deviation: 290 } });
      return { replayId: 77, rewards: { [ONE]: { experience: 60, credits: 120 }, [TWO]: { experience: 10, credits: 0 } }, ratings: { [ONE]: rated(1500, 1662), [TWO]: rated(1500, 1338) } };
    },
  };
  const fighters = [testFighter('Neo', 'warrior'), testFighter('Trin', 'warrior')] as const;
  const { state, events } = startBattle('realtime', fighters, seed);
  const room = new BattleRoom(
    { id: 5, variant: 'realtime', ghost: false, arena: null, turnMs: TURN_MS, ghostThinkMs: 700, players: [player(ONE, 'one'), player(TWO, 'two')], record: { rules: 'realtime', fighters: [...fighters], seed, inputs: [] }, state, events },
    {
      storage,
      transport: { send: (_room, userId, messages) => sent.set(userId, [...(sent.get(userId) ?? []), ...messages]) },
      time,
      onDisposed: () => (disposed += 1),
    },
  );
  const of = <T extends ServerMessage['type']>(userId: number, type: T) => (sent.get(userId) ?? []).filter((m): m is Extract<ServerMessage, { type: T }> => m.type === type);
  const mover = () => room.players[room.state.current].userId;
  return { time, room, kept, settled, of, mover, disposedCount: () => disposed };
}

describe('a battle room', () => {
  it('plays a whole duel: each move kept before it is told, turns alternating, settled once, then gone', async () => {
    const { room, kept, settled, of, mover, time, disposedCount } = setup();
    room.start(true);
    expect(of(ONE, 'battle_found')).toHaveLength(1);
    expect(of(TWO, 'battle_started')[0]!.battle).toMatchObject({ battleId: 5, status: 'active' });
    let moves = 0;
    while (!room.over) {
      const who = mover();
      await room.move(who, 'attack');
      moves += 1;
      expect(kept).toHaveLength(moves);
      if (!room.over) expect(of(who, 'turn_changed').at(-1)!.yourTurn).toBe(false);
    }
    expect(of(ONE, 'battle_action')).toHaveLength(of(TWO, 'battle_action').length);
    expect(settled).toHaveLength(1);
    const [end1, end2] = [of(ONE, 'battle_ended'), of(TWO, 'battle_ended')];
    expect(end1).toHaveLength(1);
    expect(end1[0]).toMatchObject({ battleId: 5, reason: 'knockout', replayId: 77 });
    expect(end2[0]!.winner).toBe(end1[0]!.winner);
    // Each sees their own change, and both fighters at their new ratings (the opponent's too).
    expect(end1[0]!.rating?.after.rating).toBe(1662);
    for (const end of [end1[0]!, end2[0]!]) {
      expect([end.battle.player1.rating, end.battle.player2.rating]).toEqual([{ rating: 1662, deviation: 290 }, { rating: 1338, deviation: 290 }]);
    }
    expect(disposedCount()).toBe(1);
    // The room's clock ended with it: nothing of it fires later.
    expect(time.waiting).toBe(0);
    await expect(room.move(ONE, 'attack')).rejects.toThrow('This battle is over');
  });

  it('makes the idle player forfeit when the turn runs out on its clock, and not a moment before', async () => {
    const { room, of, mover, time, settled } = setup();
    room.start(true);
    const first = mover();
    await room.move(first, 'attack');
    const idle = mover();
    time.advance(TURN_MS - 1);
    await room.serial(() => undefined);
    expect(room.over).toBe(false);
    time.advance(1);
    await room.serial(() => undefined);
    expect(room.over).toBe(true);
    expect(room.state.reason).toBe('timeout');
    expect(room.players[room.state.winner!].userId).toBe(first);
    expect(of(idle, 'battle_ended')[0]).toMatchObject({ reason: 'timeout', noContest: true });
    expect(settled).toHaveLength(1);
  });

  it('ends on a forfeit, and refuses moves out of turn and of outsiders', async () => {
    const { room, of, mover } = setup();
    room.start(true);
    const waiting = room.players.find((p) => p.userId !== mover())!.userId;
    await expect(room.move(waiting, 'attack')).rejects.toThrow(new AppError(409, 'Not your turn'));
    await expect(room.move(999, 'attack')).rejects.toThrow(new AppError(403, 'This battle is not yours'));
    await room.move(waiting, 'forfeit');
    expect(room.state.reason).toBe('forfeit');
    expect(of(waiting, 'battle_ended')[0]!.winner).toBe(mover() === waiting ? room.players.find((p) => p.userId !== waiting)!.userId : mover());
  });

  it('plays nothing when another instance owns the battle now', async () => {
    const { room, mover, of, disposedCount } = setup({ fenced: true });
    room.start(true);
    const who = mover();
    const before = room.state;
    await expect(room.move(who, 'attack')).rejects.toBeInstanceOf(RoomLost);
    expect(room.state).toBe(before);
    expect(room.record.inputs).toHaveLength(0);
    expect(of(who, 'battle_action')).toHaveLength(0);
    expect(disposedCount()).toBe(1);
  });

  it('tells spectators each action and the end, and the players how many watch', async () => {
    const { room, of, mover } = setup();
    room.start(true);
    const view = await room.watch(3, true);
    expect(view).toMatchObject({ battleId: 5, status: 'active' });
    expect(of(ONE, 'spectators').at(-1)!.count).toBe(1);
    await expect(room.watch(ONE, true)).rejects.toThrow('You are fighting this battle');
    await room.move(mover(), 'attack');
    expect(of(3, 'spectate_event')).toHaveLength(1);
    await room.move(mover(), 'forfeit');
    expect(of(3, 'spectate_ended')[0]).toMatchObject({ battleId: 5, replayId: 77 });
  });
});
