import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharacterView } from '../src/common/game-api';
import { CHALLENGE_MESSAGES } from '../src/common/challenges';
import { FRIEND_MESSAGES } from '../src/common/friends';
import { MODERATION_MESSAGES, utcMinute } from '../src/common/moderation';
import type { NotificationList } from '../src/common/notifications';
import { users } from '../src/server/db/schema';
import { friendRequests, friendships, pvpChallenges } from '../src/server/db/schema-social';
import { MIGRATIONS, migrationsBefore } from './helpers/migrations';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';
import { TestSocket } from './helpers/test-socket';

/**
 * Where people meet moderation: a block refuses friend requests and challenges either way (also
 * one made while a request or a challenge waited), with the neutral refusal, and what moderators
 * do reaches the players concerned as notifications.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
async function fighter(role: 'player' | 'moderator' = 'player') {
  const p = new Player(t.base);
  const { user } = await p.register();
  if (role !== 'player') await t.database.db.update(users).set({ role }).where(eq(users.id, user.id));
  n += 1;
  const character = (await p.post('/api/characters', { name: `Blocker ${n}`, class: 'rogue', characterAvatar: 'rogue1' })).body as CharacterView;
  return { p, id: user.id as number, username: user.username as string, character };
}
type F = Awaited<ReturnType<typeof fighter>>;

const refused = { status: 403, body: { message: MODERATION_MESSAGES.notAccepting } };
/** The blocker trying it themselves is told it is their own block. */
const ownBlock = { status: 403, body: { message: MODERATION_MESSAGES.youBlocked } };
const block = async (by: F, whom: F) => expect((await by.p.post('/api/blocks', { username: whom.username })).status).toBeLessThan(300);
const notes = async (f: F) => ((await f.p.get('/api/notifications')).body as NotificationList).notifications;

async function befriend(a: F, b: F) {
  const sent = await a.p.post('/api/friends/requests', { username: b.username });
  expect((await b.p.post(`/api/friends/requests/${sent.body.id}/accept`)).status).toBe(200);
}

describe('blocks between people', () => {
  it('refuse a friend request either way, and leave nothing stored', async () => {
    const a = await fighter();
    const b = await fighter();
    await block(a, b);
    expect(await b.p.post('/api/friends/requests', { username: a.username })).toMatchObject(refused);
    expect(await a.p.post('/api/friends/requests', { username: b.username })).toMatchObject(ownBlock);
    expect(await t.database.db.select().from(friendRequests).where(eq(friendRequests.fromUserId, b.id))).toEqual([]);
  });

  it('take away a request made before the block: accepting it finds nothing', async () => {
    const a = await fighter();
    const b = await fighter();
    const sent = await b.p.post('/api/friends/requests', { username: a.username });
    expect(sent.status).toBe(201);
    await block(a, b);
    expect(await a.p.post(`/api/friends/requests/${sent.body.id}/accept`)).toMatchObject({ status: 404, body: { message: FRIEND_MESSAGES.requestNotFound } });
    expect(await t.database.db.select().from(friendships).where(eq(friendships.userId, a.id))).toEqual([]);
  });

  it('refuse a challenge between them, and decline one still open when the block comes', async () => {
    const a = await fighter();
    const b = await fighter();
    await befriend(a, b);
    const made = await a.p.post('/api/challenges', { username: b.username, characterId: a.character.id });
    expect(made.status).toBe(201);
    const sockets = [await TestSocket.open(t.base, a.p.cookie), await TestSocket.open(t.base, b.p.cookie)];
    await block(b, a);
    // Both pages are told it is declined, without by whom: the blocked side learns nothing of the block.
    for (const socket of sockets) {
      expect(await socket.next('challenge_declined')).toEqual({ type: 'challenge_declined', challengeId: made.body.id });
      socket.close();
    }
    expect(await b.p.post(`/api/challenges/${made.body.id}/accept`, { characterId: b.character.id })).toMatchObject({ status: 409, body: { message: CHALLENGE_MESSAGES.over } });
    const [stored] = await t.database.db.select().from(pvpChallenges).where(eq(pvpChallenges.id, made.body.id));
    expect(stored).toMatchObject({ status: 'declined', battleId: null });
    // The challenger waits for it no longer: they may look for a duel at once.
    expect((await a.p.post('/api/pvp/join-queue', { characterId: a.character.id })).status).toBe(200);
    expect((await a.p.post('/api/pvp/leave-queue', {})).status).toBe(200);
    expect(await b.p.post('/api/challenges', { username: a.username, characterId: b.character.id })).toMatchObject(ownBlock);
    // The blocked side is told only that the other is not accepting it.
    expect(await a.p.post('/api/challenges', { username: b.username, characterId: a.character.id })).toMatchObject(refused);
  });
});

describe("moderators' actions as notifications", () => {
  it("tell an owner their character was renamed and a reporter their report was handled", async () => {
    const mod = await fighter('moderator');
    const owner = await fighter();
    const reporter = await fighter();
    const report = await reporter.p.post('/api/reports', { kind: 'player', targetId: owner.id, reason: 'offensive name' });
    expect(report.status).toBe(201);
    expect((await mod.p.post(`/api/mod/characters/${owner.character.id}/rename`, { reason: 'offensive name' })).status).toBe(200);
    expect((await mod.p.post(`/api/mod/reports/${report.body.id}/resolve`, { reason: 'renamed' })).status).toBe(200);
    await expect.poll(async () => (await notes(owner)).find((x) => x.kind === 'renamed')).toMatchObject({
      text: `A moderator renamed your character ${owner.character.name} to Fighter ${owner.character.id}: its name broke the rules.`,
      link: '/characters',
    });
    await expect.poll(async () => (await notes(reporter)).find((x) => x.kind === 'report_handled')).toMatchObject({ link: '/chat' });
  });

  it('tell a muted player until when, at once (the chat shows it before a message is refused)', async () => {
    const mod = await fighter('moderator');
    const target = await fighter();
    expect((await mod.p.post(`/api/mod/users/${target.id}/mute`, { minutes: 60, reason: 'spam' })).status).toBe(200);
    const { mutedUntil } = (await target.p.get('/api/user')).body as { mutedUntil: string };
    expect(Date.parse(mutedUntil)).toBeGreaterThan(Date.now());
    await expect.poll(async () => (await notes(target)).find((x) => x.kind === 'muted')).toMatchObject({
      text: `A moderator muted you in the chat until ${utcMinute(new Date(mutedUntil))}.`,
      link: '/chat',
    });
  });
});

describe('the migration that ends friendships across blocks', () => {
  it('removes the friendships and requests of blocked pairs, either way round, and keeps the others', async () => {
    const client = new PGlite();
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: migrationsBefore('0019_blocks_end_friendships') });
      await client.exec(`insert into users (username, password_hash, credits) values ('ann', 'x', 0), ('bob', 'x', 0), ('cy', 'x', 0), ('dee', 'x', 0)`);
      const ids = Object.fromEntries((await client.query<{ id: number; username: string }>('select id, username from users')).rows.map((r) => [r.username, r.id]));
      const { ann, bob, cy, dee } = ids as Record<string, number>;
      // ann and bob are friends and bob blocks ann; cy asked ann, and ann blocks cy; ann and dee are friends, unblocked.
      await client.query('insert into friendships (user_id, friend_id, created_at) values ($1, $2, now()), ($2, $1, now()), ($1, $3, now()), ($3, $1, now())', [ann, bob, dee]);
      await client.query('insert into friend_requests (from_user_id, to_user_id, created_at) values ($1, $2, now()), ($3, $4, now())', [cy, ann, dee, bob]);
      await client.query('insert into blocks (blocker_id, blocked_id) values ($1, $2), ($3, $4)', [bob, ann, ann, cy]);

      await migrate(db, { migrationsFolder: MIGRATIONS });
      const friends = await client.query<{ user_id: number; friend_id: number }>('select user_id, friend_id from friendships order by user_id, friend_id');
      expect(friends.rows).toEqual([
        { user_id: ann, friend_id: dee },
        { user_id: dee, friend_id: ann },
      ]);
      const requests = await client.query<{ from_user_id: number; to_user_id: number }>('select from_user_id, to_user_id from friend_requests');
      expect(requests.rows).toEqual([{ from_user_id: dee, to_user_id: bob }]);
    } finally {
      await client.close();
    }
  });
});
