import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkillView } from '../src/common/economy-api';
import type { CharacterView } from '../src/common/game-api';
import type { RealtimeBattleView } from '../src/common/pvp';
import { characters } from '../src/server/db/schema';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';
import { TestSocket } from './helpers/test-socket';

/**
 * Skills in real-time duels (issue 24): a learned skill is played as `pvp_action {action:
 * 'skill', actionData: {skillId}}`; a skill on cooldown, a skill not learned and a move out of
 * turn are refused with a clear message (400/409 on the HTTP path) and change nothing.
 */

let t: TestApp;
let catalogue: SkillView[];
beforeAll(async () => {
  t = await startTestApp();
  const p = new Player(t.base);
  await p.register();
  catalogue = (await p.get('/api/skills')).body as SkillView[];
});
afterAll(async () => {
  await t?.close();
});

const byKey = (key: string) => catalogue.find((s) => s.key === key)!;

/** A level-2 warrior that learned Bitcrush Cleave, with its socket. */
async function duellist() {
  const p = new Player(t.base);
  const { user } = await p.register();
  const character = (await p.post('/api/characters', { name: 'Cleaver', class: 'warrior', characterAvatar: 'warrior1' })).body as CharacterView;
  // Deep HP (defence builds it): the cleave and attacks this test plays can never end the fight.
  const deep = { attack: 0, defense: 50_000, speed: 0, magic: 0 };
  await t.database.db.update(characters).set({ level: 2, skillPoints: 1, allocated: deep }).where(eq(characters.id, character.id));
  expect((await p.post(`/api/characters/${character.id}/learn-skill`, { skillId: byKey('warrior_bitcrush_cleave').id })).status).toBe(200);
  const socket = await TestSocket.open(t.base, p.cookie);
  return { p, user, character, socket };
}
type Duellist = Awaited<ReturnType<typeof duellist>>;

/** The battle as the player's socket is told it now (`pvp_state`). */
async function stateOf(d: Duellist): Promise<RealtimeBattleView> {
  const message = await d.socket.ask({ type: 'pvp_state' }, 'battle_started');
  return message.battle;
}

async function refused(d: Duellist, message: unknown): Promise<string> {
  return (await d.socket.ask(message, 'error')).message;
}

describe('skills in a real-time duel', () => {
  it('plays a learned skill, and refuses one on cooldown, one not learned and a move out of turn, changing nothing', async () => {
    const cleave = byKey('warrior_bitcrush_cleave');
    const a = await duellist();
    const b = await duellist();
    a.socket.send({ type: 'pvp_join_queue', characterId: a.character.id });
    await a.socket.next('queue_joined');
    b.socket.send({ type: 'pvp_join_queue', characterId: b.character.id });
    const started = (await a.socket.next('battle_started')).battle;
    await b.socket.next('battle_started');
    const battleId = started.battleId;
    expect(started.skills).toEqual([{ skillId: cleave.id, name: 'Bitcrush Cleave', kind: 'active', damageMultiplier: 1.48, cooldownTurns: 3, readyIn: 0 }]);

    let [mover, waiter] = started.yourTurn ? [a, b] : [b, a];
    const skill = (skillId: unknown) => ({ type: 'pvp_action', battleId, action: 'skill', actionData: { skillId } });

    // Out of turn, not learned, not named: refused, and the battle is as it was.
    const before = await stateOf(mover);
    expect(await refused(waiter, skill(cleave.id))).toBe('Not your turn');
    expect(await refused(mover, skill(byKey('warrior_shield_packet_bash').id))).toBe('Your fighter has not learned that skill');
    expect(await refused(mover, { type: 'pvp_action', battleId, action: 'skill' })).toBe('Choose a learned skill to use');
    const outOfTurn = await waiter.p.post('/api/pvp/make-move', { move: 'skill', skillId: cleave.id });
    expect(outOfTurn.status).toBe(409);
    expect(outOfTurn.body).toMatchObject({ message: 'Not your turn' });
    expect(await stateOf(mover)).toEqual(before);

    // The skill is played by the one engine and told to both.
    const fromWaiter = waiter.socket.received.length;
    mover.socket.send(skill(cleave.id));
    const action = await waiter.socket.next('battle_action', { from: fromWaiter });
    expect(action.events.find((e) => e.type === 'skill')).toMatchObject({ name: 'Bitcrush Cleave', kind: 'active' });
    expect((await mover.socket.next('turn_changed', { from: mover.socket.received.indexOf(action) })).skills).toEqual([
      expect.objectContaining({ skillId: cleave.id, readyIn: 3 }),
    ]);
    await waiter.socket.next('turn_changed', { from: fromWaiter });
    [mover, waiter] = [waiter, mover];
    const fromNext = waiter.socket.received.length;
    mover.socket.send({ type: 'pvp_action', battleId, action: 'attack' });
    await waiter.socket.next('turn_changed', { from: fromNext });
    [mover, waiter] = [waiter, mover];

    // Back to the one who cleaved: the skill waits its cooldown, on the socket and over HTTP.
    const waiting = await stateOf(mover);
    expect(waiting.yourTurn).toBe(true);
    expect(waiting.skills[0]).toMatchObject({ readyIn: 3 });
    expect(await refused(mover, skill(cleave.id))).toBe('Bitcrush Cleave is on cooldown for 3 more turn(s)');
    const http = await mover.p.post('/api/pvp/make-move', { move: 'skill', skillId: cleave.id });
    expect(http.status).toBe(400);
    expect(http.body).toMatchObject({ message: 'Bitcrush Cleave is on cooldown for 3 more turn(s)' });
    expect((await mover.p.post('/api/pvp/make-move', { move: 'skill' })).status).toBe(400);
    expect(await stateOf(mover)).toEqual(waiting);

    // An attack is still a move: the turn passes.
    const fromAttack = waiter.socket.received.length;
    mover.socket.send({ type: 'pvp_action', battleId, action: 'attack' });
    expect((await waiter.socket.next('turn_changed', { from: fromAttack })).yourTurn).toBe(true);
  });
});
