import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharacterView } from '../src/common/game-api';
import { MODERATION_MESSAGES } from '../src/common/moderation';
import type { QueueStatusView } from '../src/common/pvp';
import { blocks, reports } from '../src/server/db/schema-moderation';
import { isBlockedBetween } from '../src/server/services/blocks';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';
import { TestSocket } from './helpers/test-socket';

/** Blocks and reports of players (docs/decisions.md 'Moderation'). */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function player() {
  const p = new Player(t.base);
  const { user, username } = await p.register();
  return { p, user, username };
}

async function fighter() {
  const one = await player();
  const character = (await one.p.post('/api/characters', { name: 'Blocky', class: 'warrior', characterAvatar: 'warrior1' })).body as CharacterView;
  return { ...one, character };
}

describe('blocks', () => {
  it('blocks by username, lists and lifts, and the pair is blocked either way round', async () => {
    const a = await player();
    const b = await player();
    const blocked = await a.p.post('/api/blocks', { username: b.username.toUpperCase() });
    expect(blocked.status).toBe(201);
    expect(blocked.body).toEqual({ userId: b.user.id, username: b.username, createdAt: expect.any(String) });
    // Blocking again changes nothing.
    expect((await a.p.post('/api/blocks', { username: b.username })).status).toBe(201);
    expect((await a.p.get('/api/blocks')).body).toEqual([blocked.body]);
    expect(await isBlockedBetween(t.database.db, a.user.id, b.user.id)).toBe(true);
    expect(await isBlockedBetween(t.database.db, b.user.id, a.user.id)).toBe(true);
    // The other side sees nothing of it.
    expect((await b.p.get('/api/blocks')).body).toEqual([]);

    expect((await a.p.post(`/api/blocks/${b.user.id}/remove`)).status).toBe(200);
    expect((await a.p.get('/api/blocks')).body).toEqual([]);
    expect((await a.p.post(`/api/blocks/${b.user.id}/remove`)).status).toBe(404);
    expect(await isBlockedBetween(t.database.db, a.user.id, b.user.id)).toBe(false);
  });

  it('refuses blocking yourself, an unknown player, a 501st block, and strangers', async () => {
    const a = await player();
    expect(await a.p.post('/api/blocks', { username: a.username })).toMatchObject({ status: 400, body: { message: MODERATION_MESSAGES.blockSelf } });
    expect(await a.p.post('/api/blocks', { username: 'nobody_here_x' })).toMatchObject({ status: 404, body: { message: MODERATION_MESSAGES.playerNotFound } });
    expect((await a.p.post('/api/blocks', {})).status).toBe(400);
    expect((await a.p.post('/api/blocks/abc/remove')).status).toBe(400);
    // 500 blocks already (written directly: registering 500 players would be the test's whole time).
    const b = await player();
    const filler = await t.database.db.execute(
      `insert into users (username, password_hash) select 'filler_' || g || '_${a.user.id}', 'x' from generate_series(1, 500) g returning id` as never,
    );
    const ids = ((filler as unknown as { rows?: { id: number }[] }).rows ?? (filler as unknown as { id: number }[])).map((r) => Number(r.id));
    await t.database.db.insert(blocks).values(ids.map((id) => ({ blockerId: a.user.id, blockedId: id })));
    expect(await a.p.post('/api/blocks', { username: b.username })).toMatchObject({ status: 409, body: { message: MODERATION_MESSAGES.tooManyBlocks } });
    const anonymous = new Player(t.base);
    expect((await anonymous.get('/api/blocks')).status).toBe(401);
    expect((await anonymous.post('/api/blocks', { username: b.username })).status).toBe(401);
  });

  it("hides a blocked player's chat from the blocker, in the history and live, and from nobody else", async () => {
    const a = await player();
    const b = await player();
    const c = await player();
    await a.p.post('/api/blocks', { username: b.username });
    const socketA = await TestSocket.open(t.base, a.p.cookie);
    const socketC = await TestSocket.open(t.base, c.p.cookie);
    const posted = await b.p.post('/api/chat/messages', { message: 'you cannot see me' });
    expect(posted.status).toBe(201);
    await socketC.next('chat_message', (m) => m.message.id === posted.body.id);
    // A's own message reaches A after B's would have: B's never came.
    const own = await a.p.post('/api/chat/messages', { message: 'anyone there?' });
    await socketA.next('chat_message', (m) => m.message.id === own.body.id);
    expect(socketA.received.some((m) => m.type === 'chat_message' && m.message.id === posted.body.id)).toBe(false);

    const historyA = (await a.p.get('/api/chat/messages')).body as { id: number }[];
    expect(historyA.map((m) => m.id)).toContain(own.body.id);
    expect(historyA.map((m) => m.id)).not.toContain(posted.body.id);
    expect(((await c.p.get('/api/chat/messages')).body as { id: number }[]).map((m) => m.id)).toContain(posted.body.id);
    // B still reads A: a block hides the blocked from the blocker only.
    expect(((await b.p.get('/api/chat/messages')).body as { id: number }[]).map((m) => m.id)).toContain(own.body.id);
    socketA.close();
    socketC.close();
  });

  it('never pairs a blocked pair on the queue page, and pairs each of them with someone else', async () => {
    const a = await fighter();
    const b = await fighter();
    await b.p.post('/api/blocks', { username: a.username });
    expect((await a.p.post('/api/pvp/join-queue', { characterId: a.character.id })).status).toBe(200);
    const second = await b.p.post('/api/pvp/join-queue', { characterId: b.character.id });
    expect(second.status).toBe(200);
    // Both seen by a matching pass, and still waiting.
    expect((second.body as QueueStatusView).battle).toBeNull();
    expect(((await a.p.get('/api/pvp/queue-status')).body as QueueStatusView).battle).toBeNull();
    const c = await fighter();
    const third = (await c.p.post('/api/pvp/join-queue', { characterId: c.character.id })).body as QueueStatusView;
    expect(third.battle).not.toBeNull();
    const opponent = third.battle!.player1.id === c.user.id ? third.battle!.player2.id : third.battle!.player1.id;
    expect([a.user.id, b.user.id]).toContain(opponent);
    const left = opponent === a.user.id ? b : a;
    expect(((await left.p.get('/api/pvp/queue-status')).body as QueueStatusView)).toMatchObject({ inQueue: true, battle: null });
    await left.p.post('/api/pvp/leave-queue', {});
  });

  it('never pairs a blocked pair on the real-time page', async () => {
    const a = await fighter();
    const b = await fighter();
    await a.p.post('/api/blocks', { username: b.username });
    const sa = await TestSocket.open(t.base, a.p.cookie);
    const sb = await TestSocket.open(t.base, b.p.cookie);
    sa.send({ type: 'pvp_join_queue', characterId: a.character.id });
    await sa.next('queue_joined');
    sb.send({ type: 'pvp_join_queue', characterId: b.character.id });
    await sb.next('queue_joined');
    const c = await fighter();
    const sc = await TestSocket.open(t.base, c.p.cookie);
    sc.send({ type: 'pvp_join_queue', characterId: c.character.id });
    const found = await sc.next('battle_found');
    const paired = found.battle.opponent!.username === a.username ? sa : sb;
    expect([a.username, b.username]).toContain(found.battle.opponent!.username);
    const other = paired === sa ? sb : sa;
    await paired.next('battle_found');
    // Whoever was not paired with C was never paired at all.
    expect(other.received.some((m) => m.type === 'battle_found')).toBe(false);
    other.send({ type: 'pvp_leave_queue' });
    await other.next('queue_left');
    for (const s of [sa, sb, sc]) s.close();
  });

  it('refuses a guild invitation between a blocked pair: the blocked inviter with the neutral text, the blocking one told it is their block', async () => {
    const leader = await player();
    const target = await player();
    expect((await leader.p.post('/api/guilds', { name: `Blk ${leader.user.id}`, description: '', guildAvatar: 'phoenix', isPrivate: false })).status).toBeLessThan(300);
    await target.p.post('/api/blocks', { username: leader.username });
    const refused = await leader.p.post('/api/guilds/invitations', { username: target.username });
    expect(refused).toMatchObject({ status: 403, body: { message: MODERATION_MESSAGES.notAccepting } });
    await target.p.post(`/api/blocks/${leader.user.id}/remove`);
    await leader.p.post('/api/blocks', { username: target.username });
    expect(await leader.p.post('/api/guilds/invitations', { username: target.username })).toMatchObject({ status: 403, body: { message: MODERATION_MESSAGES.youBlocked } });
  });
});

describe('reports', () => {
  it('keeps a chat message and the ten around it as evidence, as they were', async () => {
    const reporter = await player();
    const author = await player();
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push((await (i % 2 ? author : reporter).p.post('/api/chat/messages', { message: `line ${i}` })).body.id);
    const reported = ids[5]!;
    const res = await reporter.p.post('/api/reports', { kind: 'chat', targetId: reported, reason: 'harassment', note: 'rude' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), message: MODERATION_MESSAGES.reported });
    const [row] = await t.database.db.select().from(reports).where(eq(reports.id, res.body.id));
    expect(row).toMatchObject({ kind: 'chat', targetId: reported, reason: 'harassment', note: 'rude', status: 'open' });
    const lines = row!.evidence.chat!;
    expect(lines.length).toBe(11);
    expect(lines.map((l) => l.id)).toContain(reported);
    expect(lines.find((l) => l.id === reported)).toMatchObject({ message: 'line 5', username: author.username });
    // A self-report is refused: the reporter's own line.
    expect((await reporter.p.post('/api/reports', { kind: 'chat', targetId: ids[4], reason: 'spam' })).status).toBe(400);
    expect(lines.map((l) => l.id)).toEqual([...lines.map((l) => l.id)].sort((x, y) => x - y));
  });

  it('keeps the name as it was and the replay of a battle', async () => {
    const reporter = await player();
    const target = await fighter();
    const byName = await reporter.p.post('/api/reports', { kind: 'player', targetId: target.user.id, reason: 'offensive name' });
    expect(byName.status).toBe(201);
    const [row] = await t.database.db.select().from(reports).where(eq(reports.id, byName.body.id));
    expect(row).toMatchObject({ targetUserId: target.user.id, evidence: { name: target.username } });
    expect((await reporter.p.post('/api/reports', { kind: 'battle', targetId: 2_000_000_000, reason: 'cheating' })).status).toBe(404);
    expect((await reporter.p.post('/api/reports', { kind: 'guild', targetId: 2_000_000_000, reason: 'spam' })).status).toBe(404);
    expect((await reporter.p.post('/api/reports', { kind: 'listing', targetId: 2_000_000_000, reason: 'spam' })).status).toBe(404);
  });

  it('takes a report of a computer battle from its own fighter (the battle is reported) and names the fighter to anyone else', async () => {
    const own = await fighter();
    const battle = await own.p.post('/api/battle', { characterId: own.character.id });
    expect(battle.status).toBe(200);
    const replayId = (battle.body as { replayId: number }).replayId;
    const mine = await own.p.post('/api/reports', { kind: 'battle', targetId: replayId, reason: 'other', note: 'the enemy never attacked' });
    expect(mine.status).toBe(201);
    const [row] = await t.database.db.select().from(reports).where(eq(reports.id, mine.body.id));
    expect(row).toMatchObject({ kind: 'battle', targetId: replayId, targetUserId: own.user.id, evidence: { replayId, username: own.username } });
    const viewer = await player();
    const theirs = await viewer.p.post('/api/reports', { kind: 'battle', targetId: replayId, reason: 'cheating' });
    expect(theirs.status).toBe(201);
    const [other] = await t.database.db.select().from(reports).where(eq(reports.id, theirs.body.id));
    expect(other).toMatchObject({ targetUserId: own.user.id, evidence: { replayId, username: own.username } });
  });

  it('answers 409 to a second open report of one target, 400 to bad input or yourself, and 429 past ten an hour', async () => {
    const reporter = await player();
    const targets = await Promise.all(Array.from({ length: 11 }, () => player()));
    const first = { kind: 'player', targetId: targets[0]!.user.id, reason: 'spam' };
    expect((await reporter.p.post('/api/reports', first)).status).toBe(201);
    expect(await reporter.p.post('/api/reports', first)).toMatchObject({ status: 409, body: { message: MODERATION_MESSAGES.reportTwice } });
    expect(await reporter.p.post('/api/reports', { kind: 'player', targetId: reporter.user.id, reason: 'spam' })).toMatchObject({ status: 400, body: { message: MODERATION_MESSAGES.reportSelf } });
    expect((await reporter.p.post('/api/reports', { kind: 'nope', targetId: 1, reason: 'spam' })).status).toBe(400);
    expect((await reporter.p.post('/api/reports', { kind: 'player', targetId: 1, reason: 'boring' })).status).toBe(400);
    expect((await reporter.p.post('/api/reports', { kind: 'player', targetId: 1, reason: 'spam', note: 'x'.repeat(501) })).status).toBe(400);
    for (let i = 1; i < 10; i++) expect((await reporter.p.post('/api/reports', { kind: 'player', targetId: targets[i]!.user.id, reason: 'spam' })).status).toBe(201);
    expect(await reporter.p.post('/api/reports', { kind: 'player', targetId: targets[10]!.user.id, reason: 'spam' })).toMatchObject({ status: 429, body: { message: MODERATION_MESSAGES.tooManyReports } });
    expect((await new Player(t.base).post('/api/reports', first)).status).toBe(401);
  });
});
