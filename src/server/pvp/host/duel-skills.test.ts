import { describe, expect, it } from 'vitest';
import type { Ability } from '../../domain/battle';
import { silentLog } from '../../context';
import { ManualTime } from '../room/room-clock';
import { MemoryNetwork, MemoryStore, testFighter } from '../testing';
import { DEFAULT_HOST_TUNING, RoomHost } from './room-host';

/**
 * Skills chosen in a real-time duel, through the one engine: played and told like any move,
 * refused with a clear message and nothing changed (state, journal, turn timer), and played the
 * same again by the instance that takes the battle over from the snapshot and the journal.
 */

const TURN_MS = 30_000;
const CLEAVE: Ability = { id: 7, name: 'Bitcrush Cleave', damageMultiplier: 1.48, cooldownTurns: 3, kind: 'active' };
const PANIC: Ability = { id: 9, name: 'Kernel Panic', damageMultiplier: 2.2, cooldownTurns: 5, kind: 'ultimate' };

async function duel() {
  const time = new ManualTime();
  const store = new MemoryStore(time);
  const network = new MemoryNetwork();
  const host = (name: string) => new RoomHost({ store, transport: network.transport(name), time, log: silentLog, turnMs: TURN_MS, tuning: DEFAULT_HOST_TUNING });
  const [a, b] = [host('a'), host('b')];
  await a.start();
  await b.start();
  // Tanks at level 10: long enough a duel for cooldowns to matter.
  const fighter = (name: string) => ({ ...testFighter(name, 'tank', 10), abilities: [CLEAVE, PANIC] });
  const battle = store.newBattle('a', [fighter('Neo'), fighter('Trin')]);
  await a.open([battle]);
  const id = battle.row.id;
  const mover = () => (a.localViews(101) ?? b.localViews(101))!.realtime.yourTurn ? 101 : 102;
  const waiter = () => (mover() === 101 ? 102 : 101);
  return { time, store, network, a, b, id, mover, waiter };
}

describe('skills in a real-time duel', () => {
  it('offers the learned skills in the view and plays a chosen one as a move', async () => {
    const d = await duel();
    const started = d.network.of(101, 'battle_started')[0]!;
    expect(started.battle.skills).toEqual([
      { skillId: 7, name: 'Bitcrush Cleave', kind: 'active', damageMultiplier: 1.48, cooldownTurns: 3, readyIn: 0 },
      { skillId: 9, name: 'Kernel Panic', kind: 'ultimate', damageMultiplier: 2.2, cooldownTurns: 5, readyIn: 2 },
    ]);
    const who = d.mover();
    await d.a.act(who, { type: 'skill', skillId: 7 });
    const action = d.network.of(who, 'battle_action').at(-1)!;
    expect(action.events.find((e) => e.type === 'skill')).toMatchObject({ name: 'Bitcrush Cleave', kind: 'active' });
    expect(action.message).toContain('unleashes Bitcrush Cleave');
    // Each player hears its own skills' readiness with the turn change.
    expect(d.network.of(who, 'turn_changed').at(-1)!.skills![0]).toMatchObject({ skillId: 7, readyIn: 3 });
    expect(d.network.of(d.mover(), 'turn_changed').at(-1)!.skills![0]).toMatchObject({ skillId: 7, readyIn: 0 });
    expect(d.store.journals.get(d.id)).toEqual([{ type: 'skill', skillId: 7 }]);
  });

  it('refuses a skill on cooldown, an unlearned skill and a move out of turn, changing nothing', async () => {
    const d = await duel();
    const first = d.mover();
    await d.a.act(first, { type: 'skill', skillId: 7 });
    await d.a.act(d.mover(), 'attack');
    expect(d.mover()).toBe(first);
    const before = { view: d.a.localViews(first), journal: d.store.journals.get(d.id), messages: d.network.received(first).length };
    d.time.advance(10_000);
    await expect(d.a.act(first, { type: 'skill', skillId: 7 })).rejects.toMatchObject({ status: 400, message: 'Bitcrush Cleave is on cooldown for 3 more turn(s)' });
    await expect(d.a.act(first, { type: 'skill', skillId: 9 })).rejects.toMatchObject({ status: 400, message: 'Kernel Panic is on cooldown for 1 more turn(s)' });
    await expect(d.a.act(first, { type: 'skill', skillId: 4 })).rejects.toMatchObject({ status: 400, message: 'Your fighter has not learned that skill' });
    await expect(d.a.act(d.waiter(), { type: 'skill', skillId: 7 })).rejects.toMatchObject({ status: 409, message: 'Not your turn' });
    await expect(d.a.act(d.waiter(), 'attack')).rejects.toMatchObject({ status: 409, message: 'Not your turn' });
    // Nothing changed: the same view (HP, turn, skills, and the turn's deadline), journal and messages.
    expect(d.a.localViews(first)).toEqual(before.view);
    expect(d.store.journals.get(d.id)).toEqual(before.journal);
    expect(d.network.received(first)).toHaveLength(before.messages);
  });

  it('is played the same by the instance that takes the battle over from the snapshot and the journal', async () => {
    const d = await duel();
    await d.a.act(d.mover(), { type: 'skill', skillId: 7 });
    await d.a.flush();
    await d.a.act(d.mover(), { type: 'skill', skillId: 7 });
    await d.a.act(d.mover(), 'attack');
    await d.a.act(d.mover(), 'attack');
    const onA = d.a.localViews(101)!.realtime;
    expect(d.store.battles.get(d.id)!.inputs).toHaveLength(1);
    expect(d.store.journals.get(d.id)).toHaveLength(4);

    d.time.advance(5_000);
    await d.b.keepUp();
    expect(d.store.battles.get(d.id)!.owner).toBe('b');
    const onB = d.network.of(101, 'battle_started').at(-1)!.battle;
    expect(onB.events).toEqual(onA.events);
    expect(onB.skills).toEqual(onA.skills);
    expect([onB.yourCharacter.hp, onB.opponent!.hp]).toEqual([onA.yourCharacter.hp, onA.opponent!.hp]);
    // And the cooldowns carried over: the first side's cleave still waits.
    const who = d.mover();
    const skills = d.b.localViews(who)!.realtime.skills;
    expect(skills[0]!.readyIn).toBeGreaterThan(0);
    await expect(d.b.act(who, { type: 'skill', skillId: 7 })).rejects.toMatchObject({ status: 400 });
  });
});
