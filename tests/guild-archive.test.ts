import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuildSummaryView, MyGuildView } from '../src/common/guilds';
import { guildInvitations, guilds, guildTreasuryLog } from '../src/server/db/schema-guilds';
import { MIGRATIONS, migrationsBefore } from './helpers/migrations';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * A guild disbanded by its last member is archived with its treasury and treasury log, and
 * everything else behaves as if it were gone: the directory, joining, challenges, invitations
 * and its name.
 */

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

let counter = 0;
const guildName = () => `Archive ${process.pid % 1000}-${++counter}`;
const found = (p: Player, name: string) => p.post('/api/guilds', { name, guildAvatar: 'skull', isPrivate: false, maxMembers: 20 });

describe('a disbanded guild', () => {
  it('keeps its row, treasury and log, and frees its name', async () => {
    const leader = await player();
    const name = guildName();
    const guild = (await found(leader.p, name)).body as MyGuildView;
    expect((await leader.p.post('/api/guilds/donate', { amount: 700 })).body).toMatchObject({ treasury: 700 });
    const invited = await player();
    expect((await leader.p.post('/api/guilds/invitations', { username: invited.username })).status).toBe(201);

    const left = await leader.p.post('/api/guilds/leave');
    expect(left.body).toMatchObject({ disbanded: true });

    const [row] = await t.database.db.select().from(guilds).where(eq(guilds.id, guild.id));
    expect(row).toMatchObject({ name, treasury: 700 });
    expect(row!.disbandedAt).toBeInstanceOf(Date);
    const log = await t.database.db.select().from(guildTreasuryLog).where(eq(guildTreasuryLog.guildId, guild.id));
    expect(log).toEqual([expect.objectContaining({ delta: 700, reason: 'donation', balanceAfter: 700, userId: leader.user.id })]);
    // Nothing takes the record away by accident: deleting the guild is refused while it has a log.
    await expect(t.database.db.delete(guilds).where(eq(guilds.id, guild.id))).rejects.toThrow();

    const stranger = await player();
    const directory = (await stranger.p.get('/api/guilds')).body as GuildSummaryView[];
    expect(directory.some((g) => g.id === guild.id)).toBe(false);
    const join = await stranger.p.post(`/api/guilds/${guild.id}/join`);
    expect(join.status).toBe(404);
    expect(join.body).toEqual({ message: 'Guild not found' });
    expect(await t.database.db.select().from(guildInvitations).where(eq(guildInvitations.guildId, guild.id))).toEqual([]);
    expect((await invited.p.get('/api/guilds/invitations')).body).toEqual([]);

    // The name is free again, in any case; the archive keeps the old row apart.
    const heir = await found(stranger.p, name.toUpperCase());
    expect(heir.status, heir.text).toBe(201);
    expect((heir.body as MyGuildView).treasury).toBe(0);
    expect((await found((await player()).p, name)).status).toBe(409);
    const named = await t.database.db.select().from(guilds).where(eq(sql`lower(${guilds.name})`, name.toLowerCase()));
    expect(named).toHaveLength(2);
  });

  it('cannot be challenged or invited to', async () => {
    const challenger = await player();
    await found(challenger.p, guildName());
    const solo = await player();
    const gone = (await found(solo.p, guildName())).body as MyGuildView;
    await solo.p.post('/api/guilds/leave');
    const challenge = await challenger.p.post('/api/guilds/battles', { defenderGuildId: gone.id });
    expect(challenge.status).toBe(404);
    expect(challenge.body).toEqual({ message: 'Guild not found' });
  });
});

describe('the archive migration', () => {
  it('keeps the guilds of an existing database active, with their treasury and log', async () => {
    const client = new PGlite();
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: migrationsBefore('0014_guild_archive') });
      await db.execute(sql`insert into users (username, password_hash, credits) values ('veteran', 'x', 0)`);
      await db.execute(sql`insert into guilds (name, guild_avatar, treasury) values ('Old Guard', 'skull', 700)`);
      await db.execute(sql`insert into guild_members (guild_id, user_id, role) select g.id, u.id, 'leader' from guilds g, users u`);
      await db.execute(
        sql`insert into guild_treasury_log (guild_id, user_id, delta, reason, balance_after) select g.id, u.id, 700, 'donation', 700 from guilds g, users u`,
      );

      await migrate(db, { migrationsFolder: MIGRATIONS });
      const { rows } = await client.query<{ name: string; treasury: number; disbanded_at: Date | null; log: number }>(
        `select name, treasury, disbanded_at, (select count(*)::int from guild_treasury_log) as log from guilds`,
      );
      expect(rows).toEqual([{ name: 'Old Guard', treasury: 700, disbanded_at: null, log: 1 }]);
      // Names stay unique among active guilds; an archived one lets its name go.
      await expect(client.query(`insert into guilds (name, guild_avatar) values ('OLD GUARD', 'eye')`)).rejects.toThrow();
      await client.query(`update guilds set disbanded_at = now()`);
      await client.query(`insert into guilds (name, guild_avatar) values ('OLD GUARD', 'eye')`);
    } finally {
      await client.close();
    }
  });
});
