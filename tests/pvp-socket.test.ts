import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharacterView } from '../src/common/game-api';
import type { QueueStatusView } from '../src/common/pvp';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';
import { TestSocket } from './helpers/test-socket';

let t: TestApp;
beforeAll(async () => {
  // A forwarded request waits for its owner far longer than any test: one that is forwarded at all
  // where it should be answered at once fails the test.
  t = await startTestApp({ pvp: { tuning: { replyTimeoutMs: 600_000 } } });
});
afterAll(async () => {
  await t?.close();
});

async function player(cls = 'warrior') {
  const p = new Player(t.base);
  const { user } = await p.register();
  const character = (await p.post('/api/characters', { name: `Rt ${cls}`, class: cls, characterAvatar: 'warrior1' })).body as CharacterView;
  const socket = await TestSocket.open(t.base, p.cookie);
  return { p, user, character, socket };
}

describe('real-time PvP over /ws', () => {
  it('queue_joined → battle_found → battle_started → battle_action/turn_changed → battle_ended', async () => {
    const a = await player('warrior');
    const b = await player('rogue');
    a.socket.send({ type: 'pvp_join_queue', characterId: a.character.id });
    expect(await a.socket.next('queue_joined')).toMatchObject({ position: 1 });
    b.socket.send({ type: 'pvp_join_queue', characterId: b.character.id });
    await b.socket.next('queue_joined');

    for (const s of [a, b]) {
      const found = await s.socket.next('battle_found');
      expect(found.battle.status).toBe('waiting');
      const started = await s.socket.next('battle_started');
      expect(started.battle.status).toBe('active');
      // A match from the queue is rated and paid.
      expect(started.battle.friendly).toBe(false);
      const types = s.socket.received.map((m) => m.type);
      expect(types.indexOf('queue_joined')).toBeLessThan(types.indexOf('battle_found'));
      expect(types.indexOf('battle_found')).toBeLessThan(types.indexOf('battle_started'));
    }
    const startedA = await a.socket.next('battle_started');
    const battleId = startedA.battle.battleId;
    expect(startedA.battle.opponent?.username).toBe(b.user.username);
    const startedB = await b.socket.next('battle_started');
    expect([startedA.battle.yourSlot, startedB.battle.yourSlot].sort()).toEqual(['player1', 'player2']);

    // Reconnect: the state is sent again on request.
    a.socket.send({ type: 'pvp_state' });
    await a.socket.next('battle_started', { from: a.socket.received.indexOf(startedA) + 1 });

    // Out of turn is refused; someone else's battle too.
    let turn = startedA.battle.yourTurn ? a : b;
    const idle = turn === a ? b : a;
    const mark = idle.socket.received.length;
    idle.socket.send({ type: 'pvp_action', battleId, action: 'attack' });
    expect((await idle.socket.next('error', { from: mark })).message).toBe('Not your turn');
    const outsider = await player();
    outsider.socket.send({ type: 'pvp_action', battleId, action: 'forfeit' });
    expect((await outsider.socket.next('error')).message).toBe('This battle is not yours');

    for (let i = 0; i < 200; i++) {
      const fromA = a.socket.received.length;
      const fromB = b.socket.received.length;
      turn.socket.send({ type: 'pvp_action', battleId, action: 'attack' });
      const action = await a.socket.next('battle_action', { from: fromA });
      expect(action).toMatchObject({ battleId, turn: expect.any(Number), message: expect.any(String) });
      await b.socket.next('battle_action', { from: fromB });
      const ended = a.socket.received.slice(fromA).find((m) => m.type === 'battle_ended');
      const waitEnd = async () => {
        for (let k = 0; k < 50; k++) {
          const e = a.socket.received.slice(fromA).find((m) => m.type === 'battle_ended' || m.type === 'turn_changed');
          if (e) return e;
          await new Promise((r) => setTimeout(r, 10));
        }
        return ended;
      };
      const outcome = await waitEnd();
      if (outcome?.type === 'battle_ended') {
        const endedB = await b.socket.next('battle_ended', { from: fromB });
        expect(outcome.battleId).toBe(battleId);
        expect(endedB.winner).toBe(outcome.winner);
        const winnerEnd = outcome.winner === a.user.id ? outcome : endedB;
        const loserEnd = outcome.winner === a.user.id ? endedB : outcome;
        expect(winnerEnd.rewards).toEqual({ experience: 60, credits: 120 });
        expect(winnerEnd.noContest).toBe(false);
        expect(loserEnd.rewards).toEqual({ experience: 10, credits: 0 });
        const status = (await a.p.get('/api/pvp/queue-status')).body as QueueStatusView;
        expect(status.battle).toBeNull();
        return;
      }
      const changedB = await b.socket.next('turn_changed', { from: fromB });
      expect(outcome?.type).toBe('turn_changed');
      if (outcome?.type === 'turn_changed') expect(outcome.yourTurn).toBe(!changedB.yourTurn);
      turn = turn === a ? b : a;
    }
    throw new Error('the battle did not end');
  });

  it('forfeit, leaving the queue and errors', async () => {
    const a = await player();
    const b = await player();
    a.socket.send({ type: 'pvp_join_queue', characterId: a.character.id });
    await a.socket.next('queue_joined');
    a.socket.send({ type: 'pvp_leave_queue' });
    await a.socket.next('queue_left');
    a.socket.send({ type: 'pvp_join_queue', characterId: b.character.id });
    expect((await a.socket.next('error')).message).toBe('This character is not yours');
    a.socket.send({ type: 'pvp_action', battleId: 'x', action: 'attack' });
    await a.socket.next('error', { from: a.socket.received.length });

    a.socket.send({ type: 'pvp_join_queue', characterId: a.character.id });
    b.socket.send({ type: 'pvp_join_queue', characterId: b.character.id });
    const started = await a.socket.next('battle_started');
    await b.socket.next('battle_started');
    b.socket.send({ type: 'pvp_action', battleId: started.battle.battleId, action: 'forfeit' });
    const ended = await a.socket.next('battle_ended');
    // Nobody had moved: no contest, nothing paid.
    expect(ended).toMatchObject({ winner: a.user.id, reason: 'forfeit', noContest: true, rewards: { experience: 0, credits: 0 } });
    expect((await a.p.get('/api/characters')).body[0]).toMatchObject({ wins: 0, losses: 0, experience: 0 });
    // Its replay says the same, not that A won on the forfeit.
    expect((await b.p.get(`/api/replays/${ended.replayId}`)).body).toMatchObject({ kind: 'pvp', reason: 'forfeit', noContest: true });
    await b.socket.next('battle_ended');
    // A battle that is over, or never was, is answered at once (not forwarded to an owner).
    for (const battleId of [started.battle.battleId, 2_147_483_647]) {
      a.socket.send({ type: 'pvp_action', battleId, action: 'attack' });
      expect((await a.socket.next('error', { from: a.socket.received.length })).message).toBe('No such battle');
    }
    b.socket.send({ type: 'pvp_join_queue', characterId: b.character.id });
    expect((await b.socket.next('error', { from: b.socket.received.length })).message).toContain('cooldown');
    for (const s of [a, b]) s.socket.ws.close();
  });
});
