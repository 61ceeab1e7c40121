import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUILD_AVATAR_IDS, guildAvatarFile, type GuildInvitationView, type GuildSummaryView, type MyGuildView } from '../src/common/guilds';
import { guildMembers, guilds } from '../src/server/db/schema-guilds';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function player() {
  const p = new Player(t.base);
  const account = await p.register();
  return { p, ...account };
}

let guildCounter = 0;
function guildName(prefix = 'Guild') {
  guildCounter += 1;
  return `${prefix} ${process.pid % 1000}-${guildCounter}`;
}

async function founder(options: { isPrivate?: boolean; maxMembers?: number; name?: string } = {}) {
  const leader = await player();
  const res = await leader.p.post('/api/guilds', {
    name: options.name ?? guildName(),
    description: 'Pixel warriors',
    guildAvatar: 'dragon',
    isPrivate: options.isPrivate ?? false,
    maxMembers: options.maxMembers ?? 20,
  });
  expect(res.status, res.text).toBe(201);
  return { leader, guild: res.body as MyGuildView };
}

const my = async (p: Player) => (await p.get('/api/guilds/my-guild')).body as MyGuildView;

describe('founding a guild', () => {
  it('makes the founder its leader, lists it in the directory and announces it', async () => {
    const { leader, guild } = await founder({ name: guildName('Founders') });
    expect(guild).toMatchObject({
      description: 'Pixel warriors',
      guildAvatar: 'dragon',
      level: 1,
      memberCount: 1,
      maxMembers: 20,
      treasury: 0,
      experience: 0,
      isPrivate: false,
      myRole: 'leader',
    });
    expect(guild.members).toEqual([
      expect.objectContaining({ role: 'leader', contributionPoints: 0, user: { username: leader.username } }),
    ]);
    const directory = (await leader.p.get('/api/guilds')).body as GuildSummaryView[];
    expect(directory.find((g) => g.id === guild.id)).toMatchObject({ name: guild.name, memberCount: 1, maxMembers: 20, level: 1, isPrivate: false });
    const chat = (await leader.p.get('/api/chat/messages')).body as { message: string; type: string }[];
    expect(chat.some((m) => m.type === 'system' && m.message === `${leader.username} founded the guild ${guild.name}!`)).toBe(true);
  });

  it('checks the name, description, emblem and size', async () => {
    const { p } = await player();
    const base = { name: guildName(), guildAvatar: 'wolf', isPrivate: false, maxMembers: 20 };
    const cases: [unknown, string][] = [
      [{ ...base, name: '   ' }, 'Please enter a guild name'],
      [{ ...base, name: 'ab' }, 'Guild names are 3-30 characters'],
      [{ ...base, name: 'x'.repeat(31) }, 'Guild names are 3-30 characters'],
      [{ ...base, description: 'd'.repeat(201) }, 'The description is at most 200 characters'],
      [{ ...base, guildAvatar: 'unicorn' }, 'Please choose one of the 12 guild emblems'],
      [{ ...base, maxMembers: 21 }, 'A guild holds 2 to 20 members'],
    ];
    for (const [body, message] of cases) {
      const res = await p.post('/api/guilds', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ message });
    }
    // Outside any guild: no guild, which is no error.
    expect(await p.get('/api/guilds/my-guild')).toMatchObject({ status: 200, body: null });
  });

  it('refuses a name already taken (ignoring case) and a second guild for one player', async () => {
    const { leader, guild } = await founder();
    const other = await player();
    const taken = await other.p.post('/api/guilds', { name: guild.name.toUpperCase(), guildAvatar: 'eye', isPrivate: false, maxMembers: 20 });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: 'A guild with this name already exists' });
    const second = await leader.p.post('/api/guilds', { name: guildName(), guildAvatar: 'eye', isPrivate: false, maxMembers: 20 });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ message: 'You are already in a guild' });
  });

  it('needs a session', async () => {
    const anonymous = new Player(t.base);
    for (const [method, path] of [
      ['GET', '/api/guilds'],
      ['GET', '/api/guilds/my-guild'],
      ['GET', '/api/guilds/battles'],
      ['POST', '/api/guilds'],
      ['POST', '/api/guilds/1/join'],
      ['POST', '/api/guilds/leave'],
    ] as const) {
      expect((await anonymous.request(method, path)).status, path).toBe(401);
    }
  });
});

describe('guild emblems', () => {
  it('serves the 12 emblems as pixel-art SVG', async () => {
    expect(GUILD_AVATAR_IDS).toHaveLength(12);
    for (const id of GUILD_AVATAR_IDS) {
      const res = await fetch(`${t.base}/api/assets/${guildAvatarFile(id)}`);
      expect(res.status, id).toBe(200);
      expect(res.headers.get('content-type')).toContain('image/svg+xml');
      expect(await res.text()).toMatch(/^<svg[^>]+viewBox="0 0 32 32"[^>]+shape-rendering="crispEdges"/);
    }
  });
});

describe('joining and leaving', () => {
  it('lets a player join a public guild once, and leave it', async () => {
    const { leader, guild } = await founder();
    const joiner = await player();
    const joined = await joiner.p.post(`/api/guilds/${guild.id}/join`);
    expect(joined.status, joined.text).toBe(200);
    expect((joined.body as MyGuildView).myRole).toBe('member');
    expect((await my(leader.p)).members.map((m) => [m.user.username, m.role])).toEqual([
      [leader.username, 'leader'],
      [joiner.username, 'member'],
    ]);
    expect((await joiner.p.post(`/api/guilds/${guild.id}/join`)).status).toBe(409);

    const { guild: other } = await founder();
    const second = await joiner.p.post(`/api/guilds/${other.id}/join`);
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ message: 'You are already in a guild' });

    const left = await joiner.p.post('/api/guilds/leave');
    expect(left.status).toBe(200);
    expect((await my(leader.p)).memberCount).toBe(1);
    expect((await joiner.p.post('/api/guilds/leave')).status).toBe(404);
  });

  it('answers 404 for a guild that does not exist, 400 for an id that is not one', async () => {
    const { p } = await player();
    expect((await p.post('/api/guilds/99999999/join')).status).toBe(404);
    expect((await p.post('/api/guilds/abc/join')).status).toBe(400);
  });

  it('refuses a full guild with 409', async () => {
    const { guild } = await founder({ maxMembers: 2 });
    const a = await player();
    const b = await player();
    expect((await a.p.post(`/api/guilds/${guild.id}/join`)).status).toBe(200);
    const full = await b.p.post(`/api/guilds/${guild.id}/join`);
    expect(full.status).toBe(409);
    expect(full.body).toEqual({ message: 'This guild is full' });
  });

  it('hands the lead to the senior officer, else the senior member, and disbands with the last one out', async () => {
    const { leader, guild } = await founder();
    const [m1, m2, m3] = [await player(), await player(), await player()];
    for (const m of [m1, m2, m3]) expect((await m.p.post(`/api/guilds/${guild.id}/join`)).status).toBe(200);
    const members = (await my(leader.p)).members;
    const id = (username: string) => members.find((m) => m.user.username === username)!.id;
    expect((await leader.p.post(`/api/guilds/members/${id(m3.username)}/role`, { role: 'officer' })).status).toBe(200);

    // The officer leads next, although two members joined before them.
    await leader.p.post('/api/guilds/leave');
    expect((await my(m3.p)).myRole).toBe('leader');
    // Without officers, the senior member.
    await m3.p.post('/api/guilds/leave');
    expect((await my(m1.p)).myRole).toBe('leader');
    expect((await my(m2.p)).myRole).toBe('member');
    await m1.p.post('/api/guilds/leave');
    const last = await m2.p.post('/api/guilds/leave');
    expect(last.body).toMatchObject({ disbanded: true });
    // Archived, not deleted (see tests/guild-archive.test.ts).
    const [archived] = await t.database.db.select().from(guilds).where(eq(guilds.id, guild.id));
    expect(archived!.disbandedAt).toBeInstanceOf(Date);
    const directory = (await m2.p.get('/api/guilds')).body as GuildSummaryView[];
    expect(directory.some((g) => g.id === guild.id)).toBe(false);
  });

  it('lets exactly one of two players racing for the last seat in', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { guild } = await founder({ maxMembers: 2 });
      const racers = [await player(), await player()];
      const answers = await Promise.all(racers.map((r) => r.p.post(`/api/guilds/${guild.id}/join`)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const rows = await t.database.db.select().from(guildMembers).where(eq(guildMembers.guildId, guild.id));
      expect(rows).toHaveLength(2);
    }
  });

  it('disbands exactly once when the last two members leave at the same moment', async () => {
    const { leader, guild } = await founder();
    const member = await player();
    await member.p.post(`/api/guilds/${guild.id}/join`);
    const answers = await Promise.all([leader.p.post('/api/guilds/leave'), member.p.post('/api/guilds/leave')]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.filter((a) => a.body.disbanded === true)).toHaveLength(1);
    const rows = await t.database.db.select().from(guilds).where(eq(guilds.id, guild.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.disbandedAt).toBeInstanceOf(Date);
    expect(await t.database.db.select().from(guildMembers).where(eq(guildMembers.guildId, guild.id))).toEqual([]);
  });

  it('puts a player joining two guilds at once in exactly one', async () => {
    const { guild: a } = await founder();
    const { guild: b } = await founder();
    const racer = await player();
    const answers = await Promise.all([racer.p.post(`/api/guilds/${a.id}/join`), racer.p.post(`/api/guilds/${b.id}/join`)]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    const rows = await t.database.db.select().from(guildMembers).where(eq(guildMembers.userId, racer.user.id));
    expect(rows).toHaveLength(1);
  });
});

describe('private guilds and invitations', () => {
  it('are invitation only: an invited player accepts and gets in', async () => {
    const { leader, guild } = await founder({ isPrivate: true });
    const guest = await player();
    const refused = await guest.p.post(`/api/guilds/${guild.id}/join`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'This guild is invitation only' });

    const invited = await leader.p.post('/api/guilds/invitations', { username: guest.username.toUpperCase() });
    expect(invited.status, invited.text).toBe(201);
    expect((await leader.p.post('/api/guilds/invitations', { username: guest.username })).status).toBe(409);
    expect((await leader.p.post('/api/guilds/invitations', { username: 'nobody_at_all_x' })).status).toBe(404);

    const list = (await guest.p.get('/api/guilds/invitations')).body as GuildInvitationView[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ guild: { id: guild.id, name: guild.name, isPrivate: true }, invitedBy: leader.username });

    // Someone else cannot use the invitation.
    const stranger = await player();
    expect((await stranger.p.post(`/api/guilds/invitations/${list[0]!.id}/accept`)).status).toBe(403);
    expect((await stranger.p.post(`/api/guilds/invitations/${list[0]!.id}/decline`)).status).toBe(403);

    const accepted = await guest.p.post(`/api/guilds/invitations/${list[0]!.id}/accept`);
    expect(accepted.status, accepted.text).toBe(200);
    expect((accepted.body as MyGuildView).id).toBe(guild.id);
    expect((await guest.p.get('/api/guilds/invitations')).body).toEqual([]);
  });

  it('lets an officer invite, and an invited player decline', async () => {
    const { leader, guild } = await founder({ isPrivate: true });
    const officer = await player();
    await leader.p.post('/api/guilds/invitations', { username: officer.username });
    const [inv] = (await officer.p.get('/api/guilds/invitations')).body as GuildInvitationView[];
    await officer.p.post(`/api/guilds/invitations/${inv!.id}/accept`);
    const officerId = (await my(officer.p)).myMemberId;
    expect((await leader.p.post(`/api/guilds/members/${officerId}/role`, { role: 'officer' })).status).toBe(200);

    const guest = await player();
    expect((await officer.p.post('/api/guilds/invitations', { username: guest.username })).status).toBe(201);
    const [mine] = (await guest.p.get('/api/guilds/invitations')).body as GuildInvitationView[];
    expect(mine!.guild.id).toBe(guild.id);
    expect((await guest.p.post(`/api/guilds/invitations/${mine!.id}/decline`)).status).toBe(200);
    expect((await guest.p.get('/api/guilds/invitations')).body).toEqual([]);
    expect((await guest.p.post(`/api/guilds/${guild.id}/join`)).status).toBe(403);
  });

  it('refuses to invite a player who is in a guild already', async () => {
    const { leader } = await founder();
    const { leader: busy } = await founder();
    const res = await leader.p.post('/api/guilds/invitations', { username: busy.username });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: `${busy.username} is already in a guild` });
  });
});

describe('roles and permissions', () => {
  async function guildOfFour() {
    const { leader, guild } = await founder();
    const officer = await player();
    const member = await player();
    const other = await player();
    for (const m of [officer, member, other]) await m.p.post(`/api/guilds/${guild.id}/join`);
    const ids = Object.fromEntries((await my(leader.p)).members.map((m) => [m.user.username, m.id]));
    await leader.p.post(`/api/guilds/members/${ids[officer.username]}/role`, { role: 'officer' });
    return { leader, officer, member, other, guild, ids };
  }

  it('a member cannot invite, remove, change roles or challenge: 403', async () => {
    const { member, other, ids } = await guildOfFour();
    const { guild: rival } = await founder();
    const outsider = await player();
    const attempts = [
      await member.p.post('/api/guilds/invitations', { username: outsider.username }),
      await member.p.post(`/api/guilds/members/${ids[other.username]}/remove`),
      await member.p.post(`/api/guilds/members/${ids[other.username]}/role`, { role: 'officer' }),
      await member.p.post('/api/guilds/battles', { defenderGuildId: rival.id }),
    ];
    expect(attempts.map((a) => a.status)).toEqual([403, 403, 403, 403]);
    expect((await my(other.p)).myRole).toBe('member');
  });

  it('an officer removes members but not officers or the leader, and cannot change roles', async () => {
    const { leader, officer, member, other, ids } = await guildOfFour();
    expect((await officer.p.post(`/api/guilds/members/${ids[member.username]}/role`, { role: 'officer' })).status).toBe(403);
    expect((await officer.p.post(`/api/guilds/members/${ids[leader.username]}/remove`)).status).toBe(403);
    const removed = await officer.p.post(`/api/guilds/members/${ids[member.username]}/remove`);
    expect(removed.status, removed.text).toBe(200);
    expect((removed.body as MyGuildView).members.map((m) => m.user.username)).not.toContain(member.username);
    expect(await member.p.get('/api/guilds/my-guild')).toMatchObject({ status: 200, body: null });
    // The leader promotes another officer; an officer cannot remove them.
    await leader.p.post(`/api/guilds/members/${ids[other.username]}/role`, { role: 'officer' });
    expect((await officer.p.post(`/api/guilds/members/${ids[other.username]}/remove`)).status).toBe(403);
  });

  it('the leader promotes, demotes and removes anyone, but not themselves', async () => {
    const { leader, officer, ids } = await guildOfFour();
    const demoted = await leader.p.post(`/api/guilds/members/${ids[officer.username]}/role`, { role: 'member' });
    expect((demoted.body as MyGuildView).members.find((m) => m.user.username === officer.username)!.role).toBe('member');
    expect((await leader.p.post(`/api/guilds/members/${ids[leader.username]}/role`, { role: 'member' })).status).toBe(400);
    expect((await leader.p.post(`/api/guilds/members/${ids[leader.username]}/remove`)).status).toBe(400);
    expect((await leader.p.post(`/api/guilds/members/${ids[officer.username]}/role`, { role: 'leader' })).status).toBe(400);
    expect((await leader.p.post(`/api/guilds/members/${ids[officer.username]}/remove`)).status).toBe(200);
  });

  it("another guild's member ids are not found, and nothing changes", async () => {
    const a = await guildOfFour();
    const b = await guildOfFour();
    const target = b.ids[b.member.username]!;
    expect((await a.leader.p.post(`/api/guilds/members/${target}/remove`)).status).toBe(404);
    expect((await a.leader.p.post(`/api/guilds/members/${target}/role`, { role: 'officer' })).status).toBe(404);
    expect((await my(b.member.p)).myRole).toBe('member');
    expect((await my(b.leader.p)).memberCount).toBe(4);
  });
});
