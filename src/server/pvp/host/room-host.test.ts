import { describe, expect, it, vi } from 'vitest';
import { silentLog } from '../../context';
import { ManualTime } from '../room/room-clock';
import { MemoryNetwork, MemoryStore, testFighter } from '../testing';
import { DEFAULT_HOST_TUNING, RoomHost } from './room-host';

/**
 * Two instances' hosts on one in-memory store and network (no PostgreSQL, no Redis): a battle
 * survives its owner's death from the snapshot and the journal, the dead owner can no longer
 * acknowledge a move, and moves reach the room wherever they land.
 */

const TURN_MS = 30_000;

function cluster(tuning = DEFAULT_HOST_TUNING) {
  const time = new ManualTime();
  const store = new MemoryStore(time);
  const network = new MemoryNetwork();
  const host = (name: string) => new RoomHost({ store, transport: network.transport(name), time, log: silentLog, turnMs: TURN_MS, tuning });
  return { time, store, network, a: host('a'), b: host('b') };
}

async function duelOn(c: ReturnType<typeof cluster>) {
  await c.a.start();
  await c.b.start();
  const battle = c.store.newBattle('a', [testFighter('Neo', 'tank'), testFighter('Trin', 'tank')]);
  await c.a.open([battle]);
  const id = battle.row.id;
  const mover = () => {
    const started = c.network.of(101, 'battle_started')[0]!;
    const turns = c.network.of(101, 'turn_changed');
    const mine = turns.length > 0 ? turns.at(-1)!.yourTurn : started.battle.yourTurn;
    return mine ? 101 : 102;
  };
  return { id, mover };
}

describe('a room host', () => {
  it('moves on a battle of another instance are forwarded to its owner', async () => {
    const c = cluster();
    const { id, mover } = await duelOn(c);
    expect(c.a.size).toBe(1);
    expect(c.b.size).toBe(0);
    const view = await c.b.act(mover(), 'attack');
    expect(view).toMatchObject({ id, turnCount: 1 });
    await expect(c.b.act(999, 'attack', id)).rejects.toThrow('This battle is not yours');
    c.store.battles.get(id)!.status = 'completed';
    await expect(c.b.act(101, 'attack', id)).rejects.toThrow('No such battle');
  });

  it("takes over a dead owner's battle from the snapshot and the journal, and the old owner can no longer play it", async () => {
    const c = cluster();
    const { id, mover } = await duelOn(c);
    // Two moves, then a snapshot holding only the first... and one more move only in the journal.
    await c.a.act(mover(), 'attack');
    await c.a.flush();
    await c.a.act(mover(), 'attack');
    await c.a.act(mover(), 'attack');
    expect(c.store.battles.get(id)!.inputs).toHaveLength(1);
    expect(c.store.journals.get(id)).toHaveLength(3);

    // A stops saying it is alive; once it counts as dead, B takes the battle.
    c.time.advance(5_000);
    await c.b.keepUp();
    expect(c.b.size).toBe(1);
    expect(c.store.battles.get(id)!.owner).toBe('b');
    const back = c.network.of(101, 'battle_started').at(-1)!;
    expect(back.battle.events.filter((e) => e.type === 'turn')).toHaveLength(3);
    // The player to move gets a whole turn again.
    expect(new Date(back.battle.turnDeadline!).getTime()).toBe(c.time.now().getTime() + TURN_MS);

    // A still holds its room: a move there is refused by the journal's owner and goes to B.
    const next = mover();
    await c.a.act(next, 'attack');
    expect(c.a.size).toBe(0);
    expect(c.store.journals.get(id)).toHaveLength(4);
    expect(c.network.of(next, 'battle_action').at(-1)!.turn).toBe(4);

    // And B's turn timer ends it when nobody moves.
    c.time.advance(TURN_MS);
    await new Promise((resolve) => setImmediate(resolve));
    await c.b.act(next, 'attack').catch(() => undefined);
    expect(c.store.settled).toHaveLength(1);
    expect(c.store.settled[0]).toMatchObject({ battleId: id, reason: 'timeout' });
    expect(c.store.settled[0]!.record.inputs).toHaveLength(5);
  });

  it('runs a battle it took over at a later heartbeat when reading or restoring it failed', async () => {
    const c = cluster();
    const { id } = await duelOn(c);
    c.time.advance(5_000);
    const told = () => c.network.of(101, 'battle_started').length;
    const before = told();
    // The heartbeat makes the battle B's, then the read of its row fails: nobody else will take it.
    c.store.failingReads = 1;
    await expect(c.b.keepUp()).rejects.toThrow('database unreachable');
    expect(c.store.battles.get(id)!.owner).toBe('b');
    expect(c.b.size).toBe(0);
    // Next, the players' characters cannot be read: no room is half built.
    const playersOf = vi.spyOn(c.store, 'playersOf').mockRejectedValueOnce(new Error('database unreachable'));
    await expect(c.b.keepUp()).rejects.toThrow('database unreachable');
    expect(playersOf).toHaveBeenCalledTimes(1);
    expect(c.b.size).toBe(0);
    // The next heartbeat runs it, and its players hear of it.
    await c.b.keepUp();
    expect(c.b.size).toBe(1);
    expect(told()).toBe(before + 1);
    // Once running, it is not restored again.
    await c.b.keepUp();
    expect(told()).toBe(before + 1);
  });

  it('lets go of a room another instance took at its next heartbeat, which also says it is alive', async () => {
    const c = cluster();
    const { id } = await duelOn(c);
    c.time.advance(5_000);
    await c.b.keepUp();
    expect(c.store.battles.get(id)!.owner).toBe('b');
    expect(c.a.size).toBe(1);
    await c.a.keepUp();
    expect(c.a.size).toBe(0);
    expect(c.store.alive.get('a')).toBe(c.time.now().getTime() + 3000);
    // Alive again, A takes nothing back from B, which is alive too.
    expect(c.store.battles.get(id)!.owner).toBe('b');
  });

  it('settles a battle whose last kept action ended it before the owner died', async () => {
    const c = cluster();
    const { id, mover } = await duelOn(c);
    // The forfeit reached the journal, but the owner died before settling it.
    await c.store.appendActions('a', [{ battleId: id, action: { type: 'forfeit', side: mover() === 101 ? 0 : 1 } }]);
    c.time.advance(5_000);
    await c.b.keepUp();
    expect(c.store.settled).toHaveLength(1);
    expect(c.store.settled[0]).toMatchObject({ battleId: id, reason: 'forfeit', noContest: true });
    expect(c.network.of(102, 'battle_ended')).toHaveLength(1);
  });

  it('on a clean stop writes the snapshots and lets the battles go at once', async () => {
    const c = cluster();
    const { id, mover } = await duelOn(c);
    await c.a.act(mover(), 'attack');
    await c.a.stop();
    expect(c.store.battles.get(id)).toMatchObject({ owner: null, turnCount: 1 });
    await c.b.keepUp();
    expect(c.b.size).toBe(1);
  });

  it('writes the ends of battles that finish together in one settlement', async () => {
    const c = cluster();
    await c.a.start();
    const battles = [0, 1, 2].map((i) => c.store.newBattle('a', [testFighter(`A${i}`), testFighter(`B${i}`)], { userIds: [200 + 2 * i, 201 + 2 * i] }));
    await c.a.open(battles);
    await Promise.all(battles.map((b) => c.a.act(b.row.player1UserId, 'forfeit')));
    expect(c.store.settled.map((s) => s.battleId).sort()).toEqual(battles.map((b) => b.row.id).sort());
    expect(c.store.settleCalls).toEqual([3]);
  });

  describe('snapshots', () => {
    // A snapshot may grow 20 s old here, less than a turn, so the clock can pass it with the battle running.
    const tuning = { ...DEFAULT_HOST_TUNING, snapshotEveryMs: 20_000 };

    it('are not written while the journal holds every action, until the last one is snapshotEveryMs old', async () => {
      const c = cluster(tuning);
      const { id, mover } = await duelOn(c);
      await c.a.act(mover(), 'attack');
      await c.a.act(mover(), 'attack');
      await c.a.flushDue();
      expect(c.store.battles.get(id)!.inputs).toHaveLength(0);
      expect(c.store.journals.get(id)).toHaveLength(2);
      c.time.advance(19_999);
      await c.a.flushDue();
      expect(c.store.battles.get(id)!.inputs).toHaveLength(0);
      c.time.advance(1);
      await c.a.flushDue();
      expect(c.store.battles.get(id)).toMatchObject({ turnCount: 2, inputs: [{ type: 'attack' }, { type: 'attack' }] });
      // The next one is due 20 s after this one, not at once.
      await c.a.act(mover(), 'attack');
      await c.a.flushDue();
      expect(c.store.battles.get(id)!.inputs).toHaveLength(2);
    });

    it('are written at every flush for a room whose journal append failed, and a takeover then has every action', async () => {
      const c = cluster(tuning);
      const { id, mover } = await duelOn(c);
      await c.a.act(mover(), 'attack');
      c.store.journalDown = true;
      await c.a.act(mover(), 'attack');
      await c.a.flushDue();
      expect(c.store.battles.get(id)!.inputs).toHaveLength(2);
      expect(c.store.journals.get(id)).toHaveLength(1);
      c.store.journalDown = false;
      c.time.advance(5_000);
      await c.b.keepUp();
      expect(c.store.battles.get(id)!.owner).toBe('b');
      expect(c.network.of(101, 'battle_started').at(-1)!.battle.events.filter((e) => e.type === 'turn')).toHaveLength(2);
    });

    it('are written at every flush once the journal may have been lost (Redis came back empty)', async () => {
      const c = cluster(tuning);
      const { id, mover } = await duelOn(c);
      await c.a.act(mover(), 'attack');
      c.store.loseJournals();
      await c.a.flushDue();
      expect(c.store.battles.get(id)!.inputs).toHaveLength(1);
      await c.a.act(mover(), 'attack');
      await c.a.flushDue();
      expect(c.store.battles.get(id)!.inputs).toHaveLength(2);
    });
  });
});
