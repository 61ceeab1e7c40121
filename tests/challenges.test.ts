import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHALLENGE_MESSAGES, CHALLENGES_PER_HOUR } from '../src/common/challenges';
import type { CharacterView } from '../src/common/game-api';
import type { NotificationList } from '../src/common/notifications';
import { characters, users } from '../src/server/db/schema';
import { domainEvents } from '../src/server/db/schema-events';
import { pvpBattles } from '../src/server/db/schema-pvp';
import { pvpChallenges } from '../src/server/db/schema-social';
import { movableClock } from './helpers/context';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';
import { TestSocket } from './helpers/test-socket';

/** Direct challenges (issue 25): who may challenge whom, the 60 s, the duel they start, unrated and unpaid. */

const clock = movableClock();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
async function fighter() {
  const p = new Player(t.base);
  const { user } = await p.register();
  n += 1;
  const character = (await p.post('/api/characters', { name: `Duelist ${n}`, class: 'warrior', characterAvatar: 'warrior1' })).body as CharacterView;
  const socket = await TestSocket.open(t.base, p.cookie);
  return { p, id: user.id as number, username: user.username as string, character, socket };
}
type F = Awaited<ReturnType<typeof fighter>>;

async function befriend(a: F, b: F) {
  const sent = await a.p.post('/api/friends/requests', { username: b.username });
  expect((await b.p.post(`/api/friends/requests/${sent.body.id}/accept`)).status).toBe(200);
}

async function friends() {
  const a = await fighter();
  const b = await fighter();
  await befriend(a, b);
  return [a, b] as const;
}

const challenge = (from: F, to: F) => from.p.post('/api/challenges', { username: to.username, characterId: from.character.id });

describe('challenging', () => {
  it('reaches the challenged player live and as a notification; accepting starts the duel for both', async () => {
    const [a, b] = await friends();
    const made = await challenge(a, b);
    expect(made.status).toBe(201);
    expect(Date.parse(made.body.expiresAt) - clock.now().getTime()).toBe(60_000);
    const received = await b.socket.next('challenge_received');
    expect(received).toEqual({
      type: 'challenge_received',
      challengeId: made.body.id,
      from: { userId: a.id, username: a.username, character: { id: a.character.id, name: a.character.name, class: 'warrior', level: 1 } },
      expiresAt: made.body.expiresAt,
    });
    const notes = ((await b.p.get('/api/notifications')).body as NotificationList).notifications;
    expect(notes.find((x) => x.kind === 'challenge')).toMatchObject({ text: `${a.username} challenged you to a duel.`, link: '/pvp' });

    const accepted = await b.p.post(`/api/challenges/${made.body.id}/accept`, { characterId: b.character.id });
    expect(accepted.status).toBe(200);
    const [startedA, startedB] = await Promise.all([a.socket.next('battle_started'), b.socket.next('battle_started')]);
    expect(startedA.battle.battleId).toBe(accepted.body.battleId);
    expect(startedB.battle.opponent?.username).toBe(a.username);
    // Both screens know it is friendly (their result says it pays nothing).
    expect([startedA.battle.friendly, startedB.battle.friendly]).toEqual([true, true]);
    await a.socket.next('battle_found');
    const [row] = await t.database.db.select().from(pvpBattles).where(eq(pvpBattles.id, accepted.body.battleId));
    expect(row).toMatchObject({ friendly: true, variant: 'realtime', status: 'active' });
    // Neither can be challenged or queue while they fight.
    const c = await fighter();
    await befriend(c, a);
    expect(await challenge(c, a)).toMatchObject({ status: 409, body: { message: CHALLENGE_MESSAGES.theyBusy(a.username) } });

    // Both move, then one forfeits: a real result, but unrated and unpaid.
    const battleId = accepted.body.battleId;
    const before = await t.database.db.select().from(characters).where(eq(characters.id, a.character.id));
    const credits = async (id: number) => (await t.database.db.select({ c: users.credits }).from(users).where(eq(users.id, id)))[0]!.c;
    const creditsBefore = [await credits(a.id), await credits(b.id)];
    let turn = startedA.battle.yourTurn ? a : b;
    for (let i = 0; i < 2; i++) {
      const mark = turn.socket.received.length;
      turn.socket.send({ type: 'pvp_action', battleId, action: 'attack' });
      await turn.socket.next('battle_action', { from: mark });
      turn = turn === a ? b : a;
    }
    a.socket.send({ type: 'pvp_action', battleId, action: 'forfeit' });
    const ended = await b.socket.next('battle_ended');
    expect(ended).toMatchObject({ winner: b.id, reason: 'forfeit', noContest: false, rewards: { experience: 0, credits: 0 } });
    expect((await a.p.get(`/api/replays/${ended.replayId}`)).body).toMatchObject({ reason: 'forfeit', noContest: false });
    const [after] = await t.database.db.select().from(characters).where(eq(characters.id, a.character.id));
    expect(after).toMatchObject({ rating: before[0]!.rating, wins: 0, losses: 0, pvpWins: 0, pvpLosses: 0, experience: 0 });
    expect(after!.lastPvpBattleAt).not.toBeNull();
    expect([await credits(a.id), await credits(b.id)]).toEqual(creditsBefore);
    const duels = await t.database.db.select().from(domainEvents).where(eq(domainEvents.type, 'FriendlyDuelPlayed'));
    expect(duels.map((e) => e.payload).filter((p) => p.type === 'FriendlyDuelPlayed' && [a.id, b.id].includes(p.userId))).toHaveLength(2);
    expect((await t.database.db.select().from(domainEvents).where(eq(domainEvents.type, 'BattleWon'))).filter((e) => e.userId === b.id)).toEqual([]);
  });

  it('refuses yourself (400), unknown players (404), strangers (403), characters not yours and pending pairs (409)', async () => {
    const [a, b] = await friends();
    const stranger = await fighter();
    expect(await a.p.post('/api/challenges', { username: a.username, characterId: a.character.id })).toMatchObject({ status: 400, body: { message: CHALLENGE_MESSAGES.yourself } });
    expect(await a.p.post('/api/challenges', { username: 'nobody_here_at_all', characterId: a.character.id })).toMatchObject({ status: 404 });
    expect(await challenge(a, stranger)).toMatchObject({ status: 403, body: { message: CHALLENGE_MESSAGES.notFriend } });
    expect((await a.p.post('/api/challenges', { username: b.username, characterId: b.character.id })).status).toBe(403);
    expect((await a.p.post('/api/challenges', { username: b.username })).status).toBe(400);
    expect((await challenge(a, b)).status).toBe(201);
    expect(await challenge(a, b)).toMatchObject({ status: 409, body: { message: CHALLENGE_MESSAGES.pending(b.username) } });
    expect(await challenge(b, a)).toMatchObject({ status: 409, body: { message: CHALLENGE_MESSAGES.pending(a.username) } });
  });

  it('lets guild mates challenge each other', async () => {
    const a = await fighter();
    const b = await fighter();
    const guild = (await a.p.post('/api/guilds', { name: `Duel Hall ${a.id}`, guildAvatar: 'eye', isPrivate: false, maxMembers: 20 })).body as { id: number };
    expect((await b.p.post(`/api/guilds/${guild.id}/join`)).status).toBe(200);
    expect((await challenge(a, b)).status).toBe(201);
  });

  it('refuses when either side is queued or on the PvP cooldown (409)', async () => {
    const [a, b] = await friends();
    a.socket.send({ type: 'pvp_join_queue', characterId: a.character.id });
    await a.socket.next('queue_joined');
    expect(await challenge(a, b)).toMatchObject({ status: 409, body: { message: CHALLENGE_MESSAGES.youQueued } });
    expect(CHALLENGE_MESSAGES.youQueued).toBe('You are searching for a duel: leave the queue first');
    expect(await challenge(b, a)).toMatchObject({ status: 409, body: { message: CHALLENGE_MESSAGES.theyBusy(a.username) } });
    a.socket.send({ type: 'pvp_leave_queue' });
    await a.socket.next('queue_left');
    await t.database.db.update(characters).set({ lastPvpBattleAt: new Date(clock.now().getTime() - 15_000) }).where(eq(characters.id, b.character.id));
    expect(await challenge(a, b)).toMatchObject({ status: 409, body: { message: CHALLENGE_MESSAGES.theyBusy(b.username) } });
    // Their own cooldown is said with the time it has left.
    expect(await challenge(b, a)).toMatchObject({ status: 409, body: { message: 'Your PvP cooldown ends in 45s: challenge again then' } });
  });

  it('keeps its challenger out of both queues until it is answered, withdrawn or past its time', async () => {
    const [a, b] = await friends();
    const c = await fighter();
    await befriend(a, c);
    const made = (await challenge(a, b)).body as { id: number; expiresAt: string };
    // The status says whom the player waits for (every tab's lobby shows it), and a second
    // challenge waits for the first: one at a time, both at once included.
    expect((await a.p.get('/api/pvp/queue-status')).body.challenge).toEqual({ id: made.id, username: b.username, expiresAt: made.expiresAt });
    expect((await b.p.get('/api/pvp/queue-status')).body.challenge).toBeNull();
    expect(await challenge(a, c)).toMatchObject({ status: 409, body: { message: CHALLENGE_MESSAGES.waitingFor(b.username) } });
    // The search would start a duel while the challenge waits, and accepting it would be refused.
    a.socket.send({ type: 'pvp_join_queue', characterId: a.character.id });
    expect((await a.socket.next('error')).message).toBe(CHALLENGE_MESSAGES.waitingFor(b.username));
    expect(await a.p.post('/api/pvp/join-queue', { characterId: a.character.id })).toMatchObject({ status: 409, body: { message: CHALLENGE_MESSAGES.waitingFor(b.username) } });
    // The one challenged may search: accepting then refuses them as busy, as before.
    expect((await b.p.post('/api/pvp/join-queue', { characterId: b.character.id })).status).toBe(200);
    expect((await b.p.post('/api/pvp/leave-queue')).status).toBe(200);
    // Withdrawn, the challenger searches.
    expect((await a.p.post(`/api/challenges/${made.id}/decline`)).body.message).toBe('Challenge withdrawn');
    expect((await a.p.get('/api/pvp/queue-status')).body.challenge).toBeNull();
    expect((await a.p.post('/api/pvp/join-queue', { characterId: a.character.id })).status).toBe(200);
    expect((await a.p.post('/api/pvp/leave-queue')).status).toBe(200);
    // Past its time (not yet swept), it holds nobody back.
    const [toB, toC] = await Promise.all([challenge(a, b), challenge(a, c)]);
    expect([toB.status, toC.status].sort()).toEqual([201, 409]);
    clock.advance(60_000);
    expect((await a.p.get('/api/pvp/queue-status')).body.challenge).toBeNull();
    expect((await a.p.post('/api/pvp/join-queue', { characterId: a.character.id })).status).toBe(200);
    expect((await a.p.post('/api/pvp/leave-queue')).status).toBe(200);
  });

  it('is answered by the challenged player only; declining tells the challenger', async () => {
    const [a, b] = await friends();
    const made = (await challenge(a, b)).body as { id: number };
    const stranger = await fighter();
    expect((await stranger.p.post(`/api/challenges/${made.id}/accept`, { characterId: stranger.character.id })).status).toBe(403);
    expect((await a.p.post(`/api/challenges/${made.id}/accept`, { characterId: a.character.id })).status).toBe(403);
    expect((await stranger.p.post(`/api/challenges/${made.id}/decline`)).status).toBe(403);
    expect((await b.p.post(`/api/challenges/${made.id}/accept`, { characterId: a.character.id })).status).toBe(403);
    expect((await b.p.post('/api/challenges/99999999/accept', { characterId: b.character.id })).status).toBe(404);
    expect(await b.p.post(`/api/challenges/${made.id}/decline`)).toMatchObject({ status: 200, body: { message: 'Challenge declined' } });
    expect(await a.socket.next('challenge_declined')).toEqual({ type: 'challenge_declined', challengeId: made.id, by: b.username });
    expect(await b.p.post(`/api/challenges/${made.id}/accept`, { characterId: b.character.id })).toMatchObject({ status: 409, body: { message: CHALLENGE_MESSAGES.over } });
  });

  it('shows a waiting challenge on every tab the challenged player opens (or reloads) meanwhile, and not once answered', async () => {
    const [a, b] = await friends();
    const made = (await challenge(a, b)).body as { id: number };
    const live = await b.socket.next('challenge_received');
    const reloaded = await TestSocket.open(t.base, b.p.cookie);
    expect(await reloaded.next('challenge_received')).toEqual(live);
    // The challenger's own tabs are not asked to answer it.
    const challengerTab = await TestSocket.open(t.base, a.p.cookie);
    expect(await b.p.post(`/api/challenges/${made.id}/decline`)).toMatchObject({ status: 200 });
    const afterwards = await TestSocket.open(t.base, b.p.cookie);
    // A socket's messages are answered after what its opening sent.
    for (const s of [challengerTab, afterwards]) {
      await s.ask({ type: 'ping' }, 'pong');
      expect(s.received.filter((m) => m.type === 'challenge_received')).toEqual([]);
    }
    for (const s of [reloaded, challengerTab, afterwards]) s.close();
  });

  it('several challenged players asked for at once each get their own waiting challenges, and only theirs', async () => {
    // Two challenges waiting, for b and for c; their friend d has none.
    const [a, b] = await friends();
    const [e, c] = await friends();
    const d = await fighter();
    const toB = (await challenge(a, b)).body as { id: number };
    const toC = (await challenge(e, c)).body as { id: number };
    // Asked in the same turn (as a burst of new sockets asks): one statement answers each its own.
    const [forB, forC, forD] = await Promise.all([b, c, d].map((x) => t.app.challenges.waitingFor(x.id)));
    expect(forB!.map((m) => [m.challengeId, m.from.username])).toEqual([[toB.id, a.username]]);
    expect(forC!.map((m) => [m.challengeId, m.from.username])).toEqual([[toC.id, e.username]]);
    expect(forD).toEqual([]);
    // And a tab opened now shows its player's, as its opening message.
    const tabC = await TestSocket.open(t.base, c.p.cookie);
    expect(await tabC.next('challenge_received')).toEqual(forC![0]);
    tabC.close();
    await b.p.post(`/api/challenges/${toB.id}/decline`);
    await c.p.post(`/api/challenges/${toC.id}/decline`);
  });

  it('expires after 60 s: both are told, and it can no longer be accepted', async () => {
    const [a, b] = await friends();
    const made = (await challenge(a, b)).body as { id: number };
    clock.advance(59_000);
    await t.app.challenges.expire();
    expect((await t.database.db.select().from(pvpChallenges).where(eq(pvpChallenges.id, made.id)))[0]!.status).toBe('pending');
    clock.advance(1_000);
    // This instance's sweep (each second) or this call closes it, once.
    await t.app.challenges.expire();
    // Each side is told with whom.
    expect(await a.socket.next('challenge_expired')).toEqual({ type: 'challenge_expired', challengeId: made.id, with: b.username });
    expect(await b.socket.next('challenge_expired')).toEqual({ type: 'challenge_expired', challengeId: made.id, with: a.username });
    expect(await b.p.post(`/api/challenges/${made.id}/accept`, { characterId: b.character.id })).toMatchObject({ status: 409, body: { message: CHALLENGE_MESSAGES.over } });
    const [row] = await t.database.db.select().from(pvpChallenges).where(eq(pvpChallenges.id, made.id));
    expect(row!.status).toBe('expired');
    // The challenge's notification is gone with it; a new challenge may be made.
    const notes = ((await b.p.get('/api/notifications')).body as NotificationList).notifications;
    expect(notes.filter((x) => x.kind === 'challenge')).toEqual([]);
    expect((await challenge(a, b)).status).toBe(201);
  });

  it(`allows ${CHALLENGES_PER_HOUR} challenges an hour, then 429 with when to retry`, async () => {
    const a = await fighter();
    const b = await fighter();
    await befriend(a, b);
    for (let i = 0; i < CHALLENGES_PER_HOUR; i++) {
      const made = (await challenge(a, b)).body as { id: number };
      expect((await a.p.post(`/api/challenges/${made.id}/decline`)).status).toBe(200);
    }
    const refused = await challenge(a, b);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^You sent 30 challenges in the last hour, the most allowed\. Try again in \d+m \d+s\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
  });
});

describe('the API document', () => {
  it('lists the routes and socket messages of friends, challenges and notifications', async () => {
    const doc = (await (await fetch(`${t.base}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } };
    for (const [path, method] of [
      ['/api/notifications', 'get'],
      ['/api/notifications/read', 'post'],
      ['/api/friends', 'get'],
      ['/api/friends/requests', 'post'],
      ['/api/friends/requests/{id}/accept', 'post'],
      ['/api/friends/requests/{id}/decline', 'post'],
      ['/api/friends/{id}/remove', 'post'],
      ['/api/friends/{id}', 'get'],
      ['/api/challenges', 'post'],
      ['/api/challenges/{id}/accept', 'post'],
      ['/api/challenges/{id}/decline', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    const messages = JSON.stringify(doc.components.schemas.ServerMessage);
    for (const type of ['notification', 'challenge_received', 'challenge_declined', 'challenge_expired']) expect(messages).toContain(`"${type}"`);
  });
});
