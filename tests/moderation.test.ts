import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharacterView } from '../src/common/game-api';
import { MODERATION_MESSAGES } from '../src/common/moderation';
import { characters, marketplaceListings, users } from '../src/server/db/schema';
import { domainEvents } from '../src/server/db/schema-events';
import { guilds } from '../src/server/db/schema-guilds';
import { modAudit, reports } from '../src/server/db/schema-moderation';
import { pvpQueue } from '../src/server/db/schema-pvp';
import { Player, uniqueName } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';
import { TestSocket } from './helpers/test-socket';

/** Roles and the moderators' console (docs/decisions.md 'Moderation'). */

const ADMIN = uniqueName('adm');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_USERNAMES: `someone_else, ${ADMIN.toUpperCase()}` } });
});
afterAll(async () => {
  await t?.close();
});

async function player(role: 'player' | 'moderator' = 'player') {
  const p = new Player(t.base);
  const { user, username, password } = await p.register();
  if (role !== 'player') await t.database.db.update(users).set({ role }).where(eq(users.id, user.id));
  return { p, user, username, password };
}

let admin: Awaited<ReturnType<typeof player>>;
beforeAll(async () => {
  const p = new Player(t.base);
  const { user, username, password } = await p.register(ADMIN);
  admin = { p, user, username, password };
});

const reason = { reason: 'house rules' };

describe('roles', () => {
  it('makes the accounts of ADMIN_USERNAMES admins when they register, and says so in /api/user', async () => {
    expect((await admin.p.get('/api/user')).body).toMatchObject({ username: ADMIN, role: 'admin' });
  });

  it('lets an admin grant and take the moderator role, and nobody else', async () => {
    const target = await player();
    const mod = await player('moderator');
    expect(await mod.p.post(`/api/mod/users/${target.user.id}/role`, { role: 'moderator', ...reason })).toMatchObject({ status: 403, body: { message: MODERATION_MESSAGES.adminsOnly } });
    expect((await admin.p.post(`/api/mod/users/${target.user.id}/role`, { role: 'moderator', ...reason })).status).toBe(200);
    expect((await target.p.get('/api/user')).body.role).toBe('moderator');
    expect((await target.p.get('/api/mod/reports')).status).toBe(200);
    expect((await admin.p.post(`/api/mod/users/${target.user.id}/role`, { role: 'player', ...reason })).status).toBe(200);
    expect((await target.p.get('/api/mod/reports')).status).toBe(403);
    expect((await admin.p.post(`/api/mod/users/${target.user.id}/role`, { role: 'admin', ...reason })).status).toBe(400);
  });

  it('answers 403 to a player on every moderator route, whatever the body', async () => {
    const p = (await player()).p;
    const other = await player();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/mod/reports'],
      ['GET', '/api/mod/audit'],
      ['GET', `/api/mod/users/${other.user.id}`],
      ['POST', '/api/mod/chat/1/delete', reason],
      ['POST', `/api/mod/users/${other.user.id}/mute`, { minutes: 10, ...reason }],
      ['POST', `/api/mod/users/${other.user.id}/suspend`, reason],
      ['POST', `/api/mod/users/${other.user.id}/unsuspend`, reason],
      ['POST', `/api/mod/users/${other.user.id}/role`, { role: 'moderator', ...reason }],
      ['POST', '/api/mod/characters/1/rename', reason],
      ['POST', '/api/mod/guilds/1/rename', reason],
      ['POST', '/api/mod/reports/1/resolve', reason],
      ['POST', '/api/mod/reports/1/dismiss', reason],
    ];
    for (const [method, path, body] of calls) {
      const res = await p.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toEqual({ message: expect.stringMatching(/^Only (moderators|admins) can do that$/) });
    }
    expect((await t.database.db.select().from(modAudit).where(eq(modAudit.targetUserId, other.user.id))).length).toBe(0);
  });

  it('refuses a moderator acting on an admin or another moderator (403), and an action without a reason (400)', async () => {
    const mod = await player('moderator');
    const otherMod = await player('moderator');
    for (const target of [admin.user.id, otherMod.user.id]) {
      expect(await mod.p.post(`/api/mod/users/${target}/mute`, { minutes: 10, ...reason })).toMatchObject({ status: 403, body: { message: MODERATION_MESSAGES.notOnStaff } });
      expect((await mod.p.post(`/api/mod/users/${target}/suspend`, reason)).status).toBe(403);
    }
    const staffLine = await otherMod.p.post('/api/chat/messages', { message: 'a moderator speaks' });
    expect(staffLine.body.authorRole).toBe('moderator');
    expect((await mod.p.post(`/api/mod/chat/${staffLine.body.id}/delete`, reason)).status).toBe(403);
    // An admin may act on a moderator.
    expect((await admin.p.post(`/api/mod/users/${otherMod.user.id}/mute`, { minutes: 10, ...reason })).status).toBe(200);
    const target = await player();
    expect(await mod.p.post(`/api/mod/users/${target.user.id}/mute`, { minutes: 10 })).toMatchObject({ status: 400, body: { message: MODERATION_MESSAGES.reasonNeeded } });
    expect(await mod.p.post(`/api/mod/users/${target.user.id}/mute`, { minutes: 10, reason: '   ' })).toMatchObject({ status: 400 });
    expect(await mod.p.post(`/api/mod/users/${target.user.id}/mute`, { minutes: 11, ...reason })).toMatchObject({ status: 400, body: { message: MODERATION_MESSAGES.muteMinutes } });
    expect((await mod.p.post(`/api/mod/users/${target.user.id}/suspend`, { days: 0, ...reason })).status).toBe(400);
    expect((await mod.p.post('/api/mod/users/2000000000/mute', { minutes: 10, ...reason })).status).toBe(404);
  });
});

describe('moderator actions', () => {
  it('deletes a chat message from the history and from open chats', async () => {
    const mod = await player('moderator');
    const author = await player();
    const watcher = await player();
    const socket = await TestSocket.open(t.base, watcher.p.cookie);
    const line = await author.p.post('/api/chat/messages', { message: 'something awful' });
    await socket.next('chat_message', (m) => m.message.id === line.body.id);
    expect((await mod.p.post(`/api/mod/chat/${line.body.id}/delete`, reason)).status).toBe(200);
    expect((await socket.next('chat_deleted', (m) => m.id === line.body.id)).id).toBe(line.body.id);
    expect(((await watcher.p.get('/api/chat/messages')).body as { id: number }[]).map((m) => m.id)).not.toContain(line.body.id);
    expect((await mod.p.post(`/api/mod/chat/${line.body.id}/delete`, reason)).status).toBe(404);
    socket.close();
  });

  it('mutes a player: chat answers 403 with the end over HTTP and the socket, until the mute ends', async () => {
    const mod = await player('moderator');
    const target = await player();
    const muted = await mod.p.post(`/api/mod/users/${target.user.id}/mute`, { minutes: 60, ...reason });
    expect(muted.status).toBe(200);
    // The moderator reads the end as players do, to the minute.
    expect(muted.body.message).toMatch(/^Muted until \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    const refused = await target.p.post('/api/chat/messages', { message: 'hello?' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^You are muted until \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    // The player's answer says until when, so the chat can say it before a message is refused.
    const me = (await target.p.get('/api/user')).body as { mutedUntil?: string };
    expect(Date.parse(me.mutedUntil!)).toBeGreaterThan(Date.now() + 55 * 60_000);
    const socket = await TestSocket.open(t.base, target.p.cookie);
    socket.send({ type: 'chat_message', text: 'and here?', clientId: 'm1' });
    expect((await socket.next('error', (m) => m.clientId === 'm1')).message).toBe(refused.body.message);
    // The mute ended (moved back rather than waited for).
    await t.database.db.update(users).set({ mutedUntil: sql`now() - interval '1 minute'` }).where(eq(users.id, target.user.id));
    expect((await target.p.post('/api/chat/messages', { message: 'back' })).status).toBe(201);
    expect((await target.p.get('/api/user')).body).not.toHaveProperty('mutedUntil');
    socket.close();
  });

  it('suspends: login 403 with the end, sessions and sockets end, listings withdrawn, queue left; unsuspend lets them back', async () => {
    const mod = await player('moderator');
    const target = await player();
    const one = (await target.p.post('/api/characters', { name: 'Seller', class: 'warrior', characterAvatar: 'warrior1' })).body as CharacterView;
    expect((await target.p.post('/api/marketplace', { characterId: one.id, price: 100 })).status).toBeLessThan(300);
    const two = await t.database.db.insert(characters).values({ userId: target.user.id, name: 'Queuer', class: 'warrior', characterAvatar: 'warrior1' }).returning();
    expect((await target.p.post('/api/pvp/join-queue', { characterId: two[0]!.id })).status).toBe(200);
    const socket = await TestSocket.open(t.base, target.p.cookie);

    expect((await mod.p.post(`/api/mod/users/${target.user.id}/suspend`, { days: 3, ...reason })).status).toBe(200);
    await socket.closed;
    expect((await target.p.get('/api/user')).status).toBe(401);
    const login = await new Player(t.base).post('/api/login', { username: target.username, password: target.password });
    expect(login.status).toBe(403);
    expect(login.body.message).toMatch(/^Your account is suspended until \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    // A wrong password says nothing about the suspension.
    expect((await new Player(t.base).post('/api/login', { username: target.username, password: 'wrong-one' })).status).toBe(401);
    const [listing] = await t.database.db.select().from(marketplaceListings).where(eq(marketplaceListings.characterId, one.id));
    expect(listing!.status).toBe('withdrawn');
    expect(await t.database.db.select().from(pvpQueue).where(eq(pvpQueue.userId, target.user.id))).toEqual([]);

    expect((await mod.p.post(`/api/mod/users/${target.user.id}/unsuspend`, reason)).status).toBe(200);
    expect((await new Player(t.base).post('/api/login', { username: target.username, password: target.password })).status).toBe(200);
    expect((await mod.p.post(`/api/mod/users/${target.user.id}/suspend`, reason)).status).toBe(200);
    expect((await new Player(t.base).post('/api/login', { username: target.username, password: target.password })).body.message).toBe('Your account is suspended permanently');
  });

  it('renames a character and a guild to neutral names, with an event for the owner', async () => {
    const mod = await player('moderator');
    const owner = await player();
    const character = (await owner.p.post('/api/characters', { name: 'Rude Name', class: 'warrior', characterAvatar: 'warrior1' })).body as CharacterView;
    expect((await owner.p.post('/api/guilds', { name: `Rude ${owner.user.id}`, description: '', guildAvatar: 'phoenix', isPrivate: false })).status).toBeLessThan(300);
    const [guild] = await t.database.db.select().from(guilds).where(eq(guilds.name, `Rude ${owner.user.id}`));
    expect((await mod.p.post(`/api/mod/characters/${character.id}/rename`, reason)).body.message).toBe(`Renamed to Fighter ${character.id}`);
    expect((await mod.p.post(`/api/mod/guilds/${guild!.id}/rename`, reason)).status).toBe(200);
    expect(((await owner.p.get('/api/characters')).body as CharacterView[])[0]!.name).toBe(`Fighter ${character.id}`);
    expect((await t.database.db.select().from(guilds).where(eq(guilds.id, guild!.id)))[0]!.name).toBe(`Guild ${guild!.id}`);
    const events = await t.database.db.select().from(domainEvents).where(eq(domainEvents.userId, owner.user.id));
    expect(events.map((e) => e.payload)).toEqual(
      expect.arrayContaining([
        { type: 'CharacterRenamedByModerator', userId: owner.user.id, characterId: character.id, from: 'Rude Name', to: `Fighter ${character.id}` },
        { type: 'GuildRenamedByModerator', userId: owner.user.id, guildId: guild!.id, from: `Rude ${owner.user.id}`, to: `Guild ${guild!.id}` },
      ]),
    );
  });

  it('lists open reports with their evidence, resolves and dismisses them once, and tells the reporter', async () => {
    const mod = await player('moderator');
    const reporter = await player();
    const a = await player();
    const b = await player();
    const first = (await reporter.p.post('/api/reports', { kind: 'player', targetId: a.user.id, reason: 'offensive name' })).body.id as number;
    const second = (await reporter.p.post('/api/reports', { kind: 'player', targetId: b.user.id, reason: 'spam' })).body.id as number;
    const open = (await mod.p.get('/api/mod/reports?status=open')).body;
    expect(open.reports.find((r: { id: number }) => r.id === first)).toMatchObject({ kind: 'player', reporter: reporter.username, targetUsername: a.username, evidence: { name: a.username }, status: 'open' });
    expect((await mod.p.post(`/api/mod/reports/${first}/resolve`, reason)).status).toBe(200);
    expect((await mod.p.post(`/api/mod/reports/${first}/dismiss`, reason)).status).toBe(409);
    expect((await mod.p.post(`/api/mod/reports/${second}/dismiss`, reason)).status).toBe(200);
    const handled = (await mod.p.get('/api/mod/reports?status=resolved')).body.reports as { id: number; status: string }[];
    expect(handled.filter((r) => r.id === first || r.id === second).map((r) => r.status).sort()).toEqual(['dismissed', 'resolved']);
    expect(((await mod.p.get('/api/mod/reports')).body.reports as { id: number }[]).map((r) => r.id)).not.toContain(first);
    const told = await t.database.db.select().from(domainEvents).where(and(eq(domainEvents.userId, reporter.user.id), eq(domainEvents.type, 'ReportHandled')));
    expect(told.map((e) => e.payload)).toEqual([
      { type: 'ReportHandled', userId: reporter.user.id, reportId: first },
      { type: 'ReportHandled', userId: reporter.user.id, reportId: second },
    ]);
    // A new report of the same target may be made once the first is handled.
    expect((await reporter.p.post('/api/reports', { kind: 'player', targetId: a.user.id, reason: 'spam' })).status).toBe(201);
    const record = (await mod.p.get(`/api/mod/users/${a.user.id}`)).body;
    expect(record).toMatchObject({ userId: a.user.id, username: a.username, role: 'player', suspended: false });
  });

  it('resolves the report an action was taken from, in the same transaction, and only a report about that target', async () => {
    const mod = await player('moderator');
    const reporter = await player();
    const a = await player();
    const b = await player();
    const statusOf = async (id: number) => (await t.database.db.select().from(reports).where(eq(reports.id, id)))[0]!.status;
    const mutedUntil = async (userId: number) => (await t.database.db.select().from(users).where(eq(users.id, userId)))[0]!.mutedUntil;
    const aboutA = (await reporter.p.post('/api/reports', { kind: 'player', targetId: a.user.id, reason: 'harassment' })).body.id as number;

    // A report about someone else, or none at all: the action is not kept either.
    const elsewhere = await mod.p.post(`/api/mod/users/${b.user.id}/mute`, { minutes: 10, ...reason, reportId: aboutA });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toBe(MODERATION_MESSAGES.reportElsewhere);
    const missing = await mod.p.post(`/api/mod/users/${a.user.id}/mute`, { minutes: 10, ...reason, reportId: 2_000_000_000 });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(MODERATION_MESSAGES.reportNotFound);
    expect((await mod.p.post(`/api/mod/users/${a.user.id}/mute`, { minutes: 10, ...reason, reportId: 'x' })).status).toBe(400);
    expect(await mutedUntil(a.user.id)).toBeNull();
    expect(await mutedUntil(b.user.id)).toBeNull();
    expect(await statusOf(aboutA)).toBe('open');

    const muted = await mod.p.post(`/api/mod/users/${a.user.id}/mute`, { minutes: 60, ...reason, reportId: aboutA });
    expect(muted.status).toBe(200);
    expect(muted.body.message).toMatch(/^Muted until .* UTC; report resolved$/);
    expect(await statusOf(aboutA)).toBe('resolved');
    expect(await mutedUntil(a.user.id)).not.toBeNull();
    const lines = await t.database.db.select().from(modAudit).where(eq(modAudit.actorId, mod.user.id));
    expect(lines.map((l) => [l.action, l.target])).toEqual([
      ['user.mute', `user:${a.user.id}`],
      ['report.resolve', `report:${aboutA}`],
    ]);
    const told = await t.database.db.select().from(domainEvents).where(and(eq(domainEvents.userId, reporter.user.id), eq(domainEvents.type, 'ReportHandled')));
    expect(told.map((e) => e.payload)).toEqual([{ type: 'ReportHandled', userId: reporter.user.id, reportId: aboutA }]);
    // Handled already (by this action or another moderator's): the next action holds, the report stays as it is.
    const again = await mod.p.post(`/api/mod/users/${a.user.id}/mute`, { minutes: 1440, ...reason, reportId: aboutA });
    expect(again.status).toBe(200);
    expect(again.body.message).not.toContain('report resolved');

    // A chat report goes with the deletion of its own line; a guild report with the guild's rename.
    const line = await b.p.post('/api/chat/messages', { message: 'buy gold at spam.example' });
    const aboutLine = (await reporter.p.post('/api/reports', { kind: 'chat', targetId: line.body.id, reason: 'spam' })).body.id as number;
    const other = await b.p.post('/api/chat/messages', { message: 'another line' });
    expect((await mod.p.post(`/api/mod/chat/${other.body.id}/delete`, { ...reason, reportId: aboutLine })).status).toBe(400);
    expect(((await b.p.get('/api/chat/messages')).body as { id: number }[]).map((m) => m.id)).toContain(other.body.id);
    const queued = async (status: 'open' | 'resolved') => ((await mod.p.get(`/api/mod/reports?status=${status}`)).body.reports as { id: number; messageDeleted: boolean }[]).find((r) => r.id === aboutLine);
    expect((await queued('open'))?.messageDeleted).toBe(false);
    const deleted = await mod.p.post(`/api/mod/chat/${line.body.id}/delete`, { ...reason, reportId: aboutLine });
    expect(deleted.body.message).toBe('Message deleted; report resolved');
    expect(await statusOf(aboutLine)).toBe('resolved');
    // The queue tells the line is gone (the evidence keeps its words).
    expect(await queued('resolved')).toMatchObject({ messageDeleted: true });
    await b.p.post('/api/characters', { name: 'Guild Owner', class: 'warrior', characterAvatar: 'warrior1' });
    expect((await b.p.post('/api/guilds', { name: `Rude ${b.user.id}`, description: '', guildAvatar: 'phoenix', isPrivate: false })).status).toBeLessThan(300);
    const [guild] = await t.database.db.select().from(guilds).where(eq(guilds.name, `Rude ${b.user.id}`));
    const aboutGuild = (await reporter.p.post('/api/reports', { kind: 'guild', targetId: guild!.id, reason: 'offensive name' })).body.id as number;
    expect((await mod.p.post(`/api/mod/guilds/${guild!.id}/rename`, { ...reason, reportId: aboutLine })).status).toBe(400);
    const renamed = await mod.p.post(`/api/mod/guilds/${guild!.id}/rename`, { ...reason, reportId: aboutGuild });
    expect(renamed.body.message).toBe(`Renamed to Guild ${guild!.id}; report resolved`);
    expect(await statusOf(aboutGuild)).toBe('resolved');
  });

  it('writes every action to the audit log, newest first and paged, which no route or statement changes', async () => {
    const mod = await player('moderator');
    const target = await player();
    await mod.p.post(`/api/mod/users/${target.user.id}/mute`, { minutes: 10, reason: 'spamming the arena' });
    const page = (await mod.p.get('/api/mod/audit')).body as { entries: { actor: string; action: string; target: string; reason: string }[]; nextCursor: number | null };
    expect(page.entries[0]).toEqual({ id: expect.any(Number), actor: mod.username, action: 'user.mute', target: `user:${target.user.id}`, targetName: target.username, reason: 'spamming the arena (10 min)', createdAt: expect.any(String) });
    const actions = new Set(page.entries.map((e) => e.action));
    for (const action of ['user.role', 'chat.delete', 'user.suspend', 'user.unsuspend', 'character.rename', 'guild.rename', 'report.resolve', 'report.dismiss']) expect(actions).toContain(action);
    if (page.nextCursor !== null) expect((await mod.p.get(`/api/mod/audit?cursor=${page.nextCursor}`)).status).toBe(200);
    expect((await admin.p.request('DELETE', '/api/mod/audit')).status).toBe(404);
    expect((await admin.p.request('PUT', `/api/mod/audit`, {})).status).toBe(404);
    await expect(t.database.db.update(modAudit).set({ reason: 'nothing' })).rejects.toThrow();
    await expect(t.database.db.delete(modAudit)).rejects.toThrow();
  });
});
