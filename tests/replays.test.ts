import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLog } from '../src/common/battle-text';
import type { BattleResultView, CharacterView } from '../src/common/game-api';
import type { MyGuildView } from '../src/common/guilds';
import type { PvpBattleView, QueueStatusView } from '../src/common/pvp';
import type { BattleHistoryEntry, ReplayView } from '../src/common/replays';
import { characters } from '../src/server/db/schema';
import { replays } from '../src/server/db/schema-replays';
import { replayBattle } from '../src/server/domain/engine-replay';
import { fight } from '../src/server/services/pve';
import { contextAt } from './helpers/context';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';
import { TestSocket } from './helpers/test-socket';

/**
 * Every battle is stored as seed + fighters + actions and gets an id; the engine plays it again
 * for anyone holding the link, and a character's history lists its last battles.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function fighter(cls = 'warrior', name = `Rep ${cls}`) {
  const p = new Player(t.base);
  const { user, username } = await p.register();
  const character = (await p.post('/api/characters', { name, class: cls })).body as CharacterView;
  return { p, user, username, character };
}

const endCooldown = (id: number) => t.database.db.update(characters).set({ lastBattleAt: null, lastPvpBattleAt: null }).where(eq(characters.id, id));

describe('GET /api/replays/{id}', () => {
  it('plays a PvE battle again for any signed-in player, with the log the battle answered', async () => {
    const { p, character } = await fighter('mage');
    await p.get('/api/enemy');
    const battle = (await p.post('/api/battle', { characterId: character.id })).body as BattleResultView;
    const viewer = new Player(t.base);
    await viewer.register();
    const res = await viewer.get(`/api/replays/${battle.replayId}`);
    expect(res.status).toBe(200);
    const replay = res.body as ReplayView;
    expect(replay).toMatchObject({ id: battle.replayId, kind: 'pve', winner: battle.result === 'victory' ? 0 : 1 });
    expect(replay.events).toEqual(battle.events);
    expect(replay.log.map(({ message, attacker, defenderHp }) => ({ message, attacker, defenderHp }))).toEqual(
      battle.battleLog.map(({ message, attacker, defenderHp }) => ({ message, attacker, defenderHp })),
    );
    expect(replay.fighters[0]).toMatchObject({ name: character.name, class: 'mage', characterId: character.id, characterAvatar: character.characterAvatar });
    expect(replay.fighters[1]).toMatchObject({ name: battle.enemy.name, class: battle.enemy.class, characterId: null, sprite: battle.enemy.sprite });
    expect(Date.parse(replay.createdAt)).not.toBeNaN();
  });

  it('answers 401 without a session, 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await new Player(t.base).get('/api/replays/1')).status).toBe(401);
    const p = new Player(t.base);
    await p.register();
    expect((await p.get('/api/replays/999999999')).status).toBe(404);
    expect((await p.get('/api/replays/abc')).status).toBe(400);
  });

  it('stores both PvP pages\' battles: the queue page\'s final view and battle_ended carry the replay id', async () => {
    const one = await fighter('rogue', 'Queue One');
    const two = await fighter('tank', 'Queue Two');
    const sockets = [await TestSocket.open(t.base, one.p.cookie), await TestSocket.open(t.base, two.p.cookie)];
    await one.p.post('/api/pvp/join-queue', { characterId: one.character.id });
    let view = ((await two.p.post('/api/pvp/join-queue', { characterId: two.character.id })).body as QueueStatusView).battle!;
    const moves = ['defend', 'attack', 'special', 'attack'] as const;
    for (let i = 0; view.status === 'active'; i++) {
      const mover = view.currentTurn === one.user.id ? one : two;
      const move = i % 4 === 2 && view.specialCooldown[String(mover.user.id)] === 0 ? 'special' : moves[i % 4] === 'special' ? 'attack' : moves[i % 4]!;
      view = (await mover.p.post('/api/pvp/make-move', { move })).body as PvpBattleView;
    }
    expect(view.replayId).toEqual(expect.any(Number));
    const ended = await sockets[0]!.next('battle_ended');
    expect(ended.replayId).toBe(view.replayId);
    const replay = (await one.p.get(`/api/replays/${view.replayId}`)).body as ReplayView;
    expect(replay.kind).toBe('pvp');
    expect(replay.log.map((l) => l.message)).toEqual(view.battleLog.map((l) => l.message));
    expect(replay.events).toEqual(view.events);
    expect(replay.fighters.map((f) => f.username)).toEqual([view.player1.username, view.player2.username]);

    // The real-time page: an early forfeit is stored too (no contest, but a battle).
    const rtA = await fighter('assassin', 'Rt One');
    const rtB = await fighter('berserker', 'Rt Two');
    const [sa, sb] = [await TestSocket.open(t.base, rtA.p.cookie), await TestSocket.open(t.base, rtB.p.cookie)];
    sa.send({ type: 'pvp_join_queue', characterId: rtA.character.id });
    sb.send({ type: 'pvp_join_queue', characterId: rtB.character.id });
    const started = await sa.next('battle_started');
    const attacker = started.battle.yourTurn ? sa : sb;
    attacker.send({ type: 'pvp_action', battleId: started.battle.battleId, action: 'attack' });
    const action = await sa.next('battle_action');
    expect(action.events.map((e) => e.type)).toContain('turn');
    sb.send({ type: 'pvp_action', battleId: started.battle.battleId, action: 'forfeit' });
    const rtEnded = await sa.next('battle_ended');
    const rtReplay = (await rtA.p.get(`/api/replays/${rtEnded.replayId}`)).body as ReplayView;
    expect(rtReplay).toMatchObject({ kind: 'pvp', reason: 'forfeit' });
    expect(rtReplay.events.at(-1)).toMatchObject({ type: 'end', reason: 'forfeit' });
    for (const s of [...sockets, sa, sb]) s.close();
  });

  it('stores every guild battle duel with its own replay', async () => {
    const leaderA = await fighter('warrior', 'Guild A');
    const leaderB = await fighter('mage', 'Guild B');
    const a = (await leaderA.p.post('/api/guilds', { name: `Replay A ${leaderA.user.id}`, guildAvatar: 'wolf', isPrivate: false, maxMembers: 20 })).body as MyGuildView;
    const b = (await leaderB.p.post('/api/guilds', { name: `Replay B ${leaderB.user.id}`, guildAvatar: 'eye', isPrivate: false, maxMembers: 20 })).body as MyGuildView;
    const challenge = (await leaderA.p.post('/api/guilds/battles', { defenderGuildId: b.id, maxParticipants: 1 })).body;
    const fought = (await leaderB.p.post(`/api/guilds/battles/${challenge.id}/accept`)).body;
    expect(fought.status).toBe('completed');
    expect(fought.duels).toHaveLength(1);
    const replay = (await leaderA.p.get(`/api/replays/${fought.duels[0].replayId}`)).body as ReplayView;
    expect(replay.kind).toBe('guild');
    expect(replay.fighters.map((f) => f.name)).toEqual(['Guild A', 'Guild B']);
    expect(replay.winner).toBe(fought.duels[0].winner === 'challenger' ? 0 : 1);
    expect(a.id).not.toBe(b.id);
  });
});

describe('GET /api/characters/{id}/battles', () => {
  it("lists the character's last 20 battles, newest first, to its owner only", async () => {
    const { p, character } = await fighter('berserker', 'Historian');
    const fought: BattleResultView[] = [];
    for (let i = 0; i < 22; i++) {
      await endCooldown(character.id);
      fought.push((await p.post('/api/battle', { characterId: character.id })).body as BattleResultView);
    }
    const res = await p.get(`/api/characters/${character.id}/battles`);
    expect(res.status).toBe(200);
    const history = res.body as BattleHistoryEntry[];
    expect(history).toHaveLength(20);
    expect(history.map((h) => h.replayId)).toEqual(fought.slice(2).map((b) => b.replayId).reverse());
    expect(history[0]).toEqual({
      replayId: fought[21]!.replayId,
      kind: 'pve',
      opponent: { name: fought[21]!.enemy.name, class: fought[21]!.enemy.class, level: fought[21]!.enemy.level, username: null },
      result: fought[21]!.result,
      reason: expect.stringMatching(/^(knockout|time)$/),
      date: expect.any(String),
    });

    const stranger = await fighter();
    expect((await stranger.p.get(`/api/characters/${character.id}/battles`)).status).toBe(403);
    expect((await stranger.p.get('/api/characters/987654321/battles')).status).toBe(404);
    expect((await stranger.p.get(`/api/characters/${stranger.character.id}/battles`)).body).toEqual([]);
  });
});

describe('replaying stored battles', () => {
  it('rebuilds 1,000 stored battles exactly as they were played', async () => {
    const players = await Promise.all(Array.from({ length: 10 }, (_, i) => fighter(['warrior', 'mage', 'rogue', 'tank', 'assassin', 'berserker'][i % 6]!, `Many ${i}`)));
    const played = new Map<number, BattleResultView>();
    let clock = Date.now();
    for (let round = 0; round < 100; round++) {
      clock += 31_000; // past the cooldown
      for (const f of players) {
        const result = await fight(contextAt(t.app.ctx, clock), f.user, f.character.id);
        played.set(result.replayId, result);
      }
    }
    expect(played.size).toBe(1000);
    const rows = await t.database.db.select().from(replays).where(inArray(replays.id, [...played.keys()])).orderBy(asc(replays.id));
    expect(rows).toHaveLength(1000);
    for (const row of rows) {
      const answer = played.get(row.id)!;
      const again = replayBattle(row);
      expect(again.events).toEqual(answer.events);
      expect(formatLog(again.events).map((l) => l.message)).toEqual(answer.battleLog.map((l) => l.message));
      expect(again.state.winner).toBe(answer.result === 'victory' ? 0 : 1);
    }
  });
});
