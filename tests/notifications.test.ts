import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharacterView } from '../src/common/game-api';
import type { NotificationList, NotificationView } from '../src/common/notifications';
import { characters } from '../src/server/db/schema';
import { housekeeping, notifications } from '../src/server/db/schema-social';
import { previousSeason, seasonOf } from '../src/server/domain/rating';
import { rollSeason } from '../src/server/pvp/seasons';
import { cleanUpNotifications, storeNotifications } from '../src/server/services/notifications';
import { recordEvents } from '../src/server/services/outbox';
import { contextAt } from './helpers/context';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';
import { TestSocket } from './helpers/test-socket';

/** Notifications (issue 25): written from domain events, listed, marked read, pushed live, cleaned up. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function newPlayer() {
  const p = new Player(t.base);
  const { user } = await p.register();
  return { p, userId: user.id as number, username: user.username as string };
}

async function withFighter(name = 'Notified') {
  const player = await newPlayer();
  const character = (await player.p.post('/api/characters', { name, class: 'warrior', characterAvatar: 'warrior1' })).body as CharacterView;
  return { ...player, character };
}

const list = async (p: Player, cursor?: string) => (await p.get(`/api/notifications${cursor ? `?cursor=${cursor}` : ''}`)).body as NotificationList;
const ofKind = async (p: Player, kind: NotificationView['kind']) => (await list(p)).notifications.filter((n) => n.kind === kind);

describe('notifications from domain events', () => {
  it('tells the seller live that the listing sold, with the price and the new balance', async () => {
    const seller = await withFighter('Sold Blade');
    const buyer = await newPlayer();
    const socket = await TestSocket.open(t.base, seller.p.cookie);
    const listing = (await seller.p.post('/api/marketplace/sell', { characterId: seller.character.id, price: 1000 })).body as { id: number };
    expect((await buyer.p.post('/api/marketplace/buy', { listingId: listing.id })).status).toBe(200);
    const live = await socket.next('notification', (m) => m.notification.kind === 'listing_sold');
    const balance = (await seller.p.get('/api/user')).body.credits as number;
    expect(balance).toBe(2500 + 950);
    expect(live.notification).toMatchObject({
      kind: 'listing_sold',
      link: '/characters',
      readAt: null,
      text: 'Sold Blade sold for 1,000 credits; you received 950 credits after the market fee. Your balance is now 3,450 credits.',
    });
    const stored = await list(seller.p);
    expect(stored.notifications.find((n) => n.kind === 'listing_sold')).toEqual(live.notification);
    expect(stored.unread).toBeGreaterThanOrEqual(1);
    // The buyer hears nothing of the sale.
    expect(await ofKind(buyer.p, 'listing_sold')).toEqual([]);
    socket.close();
  });

  it('tells a player a quest is ready to claim, once', async () => {
    const { p } = await withFighter();
    const ready = await ofKind(p, 'quest_ready');
    expect(ready.map((n) => n.text)).toEqual(['Quest complete: A Fighter Is Born. Your reward is ready to claim.']);
    expect(ready[0]!.link).toBe('/');
    // A second fighter moves the quest past its goal: no second notification.
    await p.post('/api/characters', { name: 'Second One', class: 'mage', characterAvatar: 'mage1' });
    expect((await ofKind(p, 'quest_ready')).length).toBe(1);
  });

  it('tells an invited player of the guild invitation', async () => {
    const leader = await newPlayer();
    const guest = await newPlayer();
    expect((await leader.p.post('/api/guilds', { name: `Bell ${leader.userId}`, guildAvatar: 'eye', isPrivate: true, maxMembers: 20 })).status).toBe(201);
    expect((await leader.p.post('/api/guilds/invitations', { username: guest.username })).status).toBe(201);
    const invited = await ofKind(guest.p, 'guild_invitation');
    expect(invited).toHaveLength(1);
    expect(invited[0]).toMatchObject({ link: '/guilds', text: `${leader.username} invited you to join the guild Bell ${leader.userId}.` });
  });

  it("tells both guilds' members the result of a guild battle", async () => {
    const winner = await newPlayer();
    const loser = await newPlayer();
    const g1 = (await winner.p.post('/api/guilds', { name: `Victors ${winner.userId}`, guildAvatar: 'eye', isPrivate: false, maxMembers: 20 })).body as { id: number };
    const g2 = (await loser.p.post('/api/guilds', { name: `Vanquished ${loser.userId}`, guildAvatar: 'eye', isPrivate: false, maxMembers: 20 })).body as { id: number };
    await t.database.db.transaction((tx) =>
      recordEvents(tx, [{ type: 'GuildBattleWon', winnerGuild: `Victors ${winner.userId}`, loserGuild: `Vanquished ${loser.userId}`, reward: 400, winnerGuildId: g1.id, loserGuildId: g2.id }], new Date()),
    );
    await t.app.outbox.drain();
    expect((await ofKind(winner.p, 'guild_battle')).map((n) => n.text)).toEqual([`Your guild Victors ${winner.userId} won its battle against Vanquished ${loser.userId}: 400 credits for the treasury.`]);
    expect((await ofKind(loser.p, 'guild_battle')).map((n) => n.text)).toEqual([`Your guild Vanquished ${loser.userId} lost its battle against Victors ${winner.userId}.`]);
  });

  it("tells each player of a season's end their best character's final place", async () => {
    const one = await withFighter('Ladder Top');
    const two = await withFighter('Ladder Low');
    const last = previousSeason(seasonOf(new Date()));
    await t.database.db.update(characters).set({ ratingSeason: last, rating: 1900, pvpWins: 5 }).where(eq(characters.id, one.character.id));
    await t.database.db.update(characters).set({ ratingSeason: last, rating: 1600, pvpWins: 1 }).where(eq(characters.id, two.character.id));
    expect(await rollSeason(t.app.ctx)).toBe(true);
    await t.app.outbox.drain();
    expect((await ofKind(one.p, 'season_end'))[0]).toMatchObject({ link: '/arena', text: `Season ${last} has ended: Ladder Top finished #1 on the ladder with a rating of 1900.` });
    expect((await ofKind(two.p, 'season_end'))[0]!.text).toMatch(/Ladder Low finished #2 on the ladder with a rating of 1600\.$/);
  });
  it('answers a batch written at once in the order of its drafts, each with the id of its own row', async () => {
    const players = await Promise.all([newPlayer(), newPlayer(), newPlayer()]);
    const [a, b, c] = players.map((p) => p.userId) as [number, number, number];
    const now = new Date();
    const expiresAt = new Date(now.getTime() + 60_000);
    const drafts = [b, a, c, a, b].map((userId, i) => ({ userId, kind: 'quest_ready' as const, text: `Batch note ${i}`, link: '/', ...(i === 2 ? { expiresAt } : {}) }));
    const stored = await storeNotifications(t.database.db, drafts, now);
    expect(stored.map((s) => [s.userId, s.view.text])).toEqual(drafts.map((d) => [d.userId, d.text]));
    const rows = await t.database.db.select().from(notifications).where(inArray(notifications.id, stored.map((s) => s.view.id)));
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const { userId, view } of stored) {
      const row = byId.get(view.id)!;
      expect({ userId: row.userId, text: row.text, kind: row.kind, link: row.link, createdAt: row.createdAt.toISOString(), readAt: row.readAt }).toEqual({
        userId,
        text: view.text,
        kind: view.kind,
        link: view.link,
        createdAt: view.createdAt,
        readAt: null,
      });
    }
    expect(rows.find((r) => r.text === 'Batch note 2')!.expiresAt?.toISOString()).toBe(expiresAt.toISOString());
    expect(rows.filter((r) => r.text !== 'Batch note 2').every((r) => r.expiresAt === null)).toBe(true);
  });
});

describe('GET /api/notifications and POST /api/notifications/read', () => {
  async function seeded(count: number) {
    const { p, userId } = await newPlayer();
    const now = Date.now();
    await t.database.db.insert(notifications).values(
      Array.from({ length: count }, (_, i) => ({ userId, kind: 'friend_request' as const, text: `n${i}`, link: '/friends', createdAt: new Date(now - (count - i) * 1000) })),
    );
    return { p, userId };
  }

  it('needs a session', async () => {
    expect((await new Player(t.base).get('/api/notifications')).status).toBe(401);
    expect((await new Player(t.base).post('/api/notifications/read', { all: true })).status).toBe(401);
  });

  it('pages newest first, 20 at a time, with the unread count of all', async () => {
    const { p } = await seeded(25);
    const first = await list(p);
    expect(first.notifications.map((n) => n.text)).toEqual(Array.from({ length: 20 }, (_, i) => `n${24 - i}`));
    expect(first.unread).toBe(25);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(p, first.nextCursor!);
    expect(second.notifications.map((n) => n.text)).toEqual(['n4', 'n3', 'n2', 'n1', 'n0']);
    expect(second.nextCursor).toBeNull();
    expect((await p.get('/api/notifications?cursor=abc')).status).toBe(400);
  });

  it('hides a notification past its end (a challenge that expired)', async () => {
    const { p, userId } = await newPlayer();
    await t.database.db.insert(notifications).values([
      { userId, kind: 'challenge', text: 'old challenge', link: '/pvp', createdAt: new Date(Date.now() - 120_000), expiresAt: new Date(Date.now() - 60_000) },
      { userId, kind: 'challenge', text: 'open challenge', link: '/pvp', createdAt: new Date(), expiresAt: new Date(Date.now() + 60_000) },
    ]);
    const shown = await list(p);
    expect(shown.notifications.map((n) => n.text)).toEqual(['open challenge']);
    expect(shown.unread).toBe(1);
  });

  it('marks the named ones read, or all; ids of another player change nothing', async () => {
    const { p } = await seeded(3);
    const other = await seeded(1);
    const [n2, n1] = (await list(p)).notifications;
    const theirs = (await list(other.p)).notifications[0]!;
    const marked = await p.post('/api/notifications/read', { ids: [n2!.id, theirs.id] });
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ marked: 1, unread: 2 });
    expect((await list(other.p)).unread).toBe(1);
    const after = await list(p);
    expect(after.notifications.find((n) => n.id === n2!.id)!.readAt).not.toBeNull();
    expect(after.notifications.find((n) => n.id === n1!.id)!.readAt).toBeNull();
    expect((await p.post('/api/notifications/read', { all: true })).body).toEqual({ marked: 2, unread: 0 });
    expect((await list(p)).unread).toBe(0);
  });

  it('refuses a body that is neither ids nor all (400)', async () => {
    const { p } = await newPlayer();
    for (const body of [{}, { ids: [] }, { ids: ['1'] }, { all: false }, { ids: [1], all: true }, { ids: Array.from({ length: 101 }, (_, i) => i + 1) }]) {
      expect((await p.post('/api/notifications/read', body)).status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('the daily clean-up', () => {
  it('deletes notifications older than 30 days, once a day, on one instance at a time', async () => {
    const { userId } = await newPlayer();
    const now = Date.now() + 10 * 24 * 3600_000; // a day no other test's clean-up claimed
    const day = 24 * 3600_000;
    await t.database.db.delete(housekeeping);
    await t.database.db.insert(notifications).values([
      { userId, kind: 'quest_ready', text: 'old', link: '/', createdAt: new Date(now - 31 * day) },
      { userId, kind: 'quest_ready', text: 'recent', link: '/', createdAt: new Date(now - 29 * day) },
    ]);
    const ctx = contextAt(t.app.ctx, now);
    // Two instances at once: one does it, the other finds the lock taken or the job done.
    const results = await Promise.all([cleanUpNotifications(ctx), cleanUpNotifications(ctx)]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(results.find((r) => r !== null)).toBeGreaterThanOrEqual(1);
    const left = await t.database.db.select({ text: notifications.text }).from(notifications).where(eq(notifications.userId, userId));
    expect(left.map((r) => r.text)).toEqual(['recent']);
    // Within the day nobody runs it again; a day later it runs.
    expect(await cleanUpNotifications(contextAt(t.app.ctx, now + day - 1000))).toBeNull();
    expect(await cleanUpNotifications(contextAt(t.app.ctx, now + day))).not.toBeNull();
  });
});
