import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplayView } from '../src/common/replays';
import type { CharacterView } from '../src/common/game-api';
import type { GuildBattleView, MyGuildView } from '../src/common/guilds';
import { characters, creditLedger, pveEnemies } from '../src/server/db/schema';
import { guildBattles, guildTreasuryLog } from '../src/server/db/schema-guilds';
import { auditCredits } from './helpers/economy';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

let counter = 0;
const guildName = () => `Clash ${process.pid % 1000}-${++counter}`;

async function player(level?: number) {
  const p = new Player(t.base);
  const account = await p.register();
  const res = await p.post('/api/characters', { name: `Hero${counter}`, class: 'warrior', characterAvatar: 'warrior1' });
  const character = res.body as CharacterView;
  if (level) await t.database.db.update(characters).set({ level }).where(eq(characters.id, character.id));
  return { p, ...account, character };
}

/** A guild of a leader, an officer and a member, every fighter at `level`. */
async function guild(level: number) {
  const leader = await player(level);
  const created = await leader.p.post('/api/guilds', { name: guildName(), guildAvatar: 'skull', isPrivate: false, maxMembers: 20 });
  expect(created.status, created.text).toBe(201);
  const g = created.body as MyGuildView;
  const officer = await player(level);
  const member = await player(level);
  await officer.p.post(`/api/guilds/${g.id}/join`);
  await member.p.post(`/api/guilds/${g.id}/join`);
  const officerId = (await officer.p.get('/api/guilds/my-guild')).body.myMemberId as number;
  await leader.p.post(`/api/guilds/members/${officerId}/role`, { role: 'officer' });
  return { g, leader, officer, member };
}

const battlesOf = async (p: Player) => (await p.get('/api/guilds/battles')).body as GuildBattleView[];

describe('guild battles', () => {
  it('pending → completed: the defender accepts, the stronger guild wins, its treasury gets the reward and chat says so', async () => {
    const strong = await guild(40);
    const weak = await guild(1);
    const challenged = await strong.officer.p.post('/api/guilds/battles', { defenderGuildId: weak.g.id, maxParticipants: 3 });
    expect(challenged.status, challenged.text).toBe(201);
    const battle = challenged.body as GuildBattleView;
    expect(battle).toMatchObject({
      challengerGuild: { id: strong.g.id, name: strong.g.name },
      defenderGuild: { id: weak.g.id, name: weak.g.name },
      status: 'pending',
      battleType: 'team',
      maxParticipants: 3,
      winnerId: null,
    });
    expect((await battlesOf(weak.member.p)).map((b) => [b.id, b.status])).toEqual([[battle.id, 'pending']]);

    // Only the defender's leader or officer answers.
    expect((await strong.leader.p.post(`/api/guilds/battles/${battle.id}/accept`)).status).toBe(403);
    expect((await weak.member.p.post(`/api/guilds/battles/${battle.id}/accept`)).status).toBe(403);
    const accepted = await weak.leader.p.post(`/api/guilds/battles/${battle.id}/accept`);
    expect(accepted.status, accepted.text).toBe(200);
    const done = accepted.body as GuildBattleView;
    expect(done).toMatchObject({ status: 'completed', winnerId: strong.g.id, reward: 600 });
    expect(done.duels).toHaveLength(3);
    expect(done.duels.every((d) => d.challenger.level === 40 && d.defender.level === 1)).toBe(true);
    // Each duel's replay is that duel: its fighters, in its order.
    for (const duel of done.duels) {
      const replay = (await weak.leader.p.get(`/api/replays/${duel.replayId}`)).body as ReplayView;
      expect(replay.fighters.map((f) => f.name)).toEqual([duel.challenger.name, duel.defender.name]);
    }
    expect((await weak.leader.p.post(`/api/guilds/battles/${battle.id}/accept`)).status).toBe(409);

    const winner = (await strong.member.p.get('/api/guilds/my-guild')).body as MyGuildView;
    expect(winner.treasury).toBe(600);
    expect(winner.experience).toBe(100);
    expect(((await weak.member.p.get('/api/guilds/my-guild')).body as MyGuildView).treasury).toBe(0);
    const log = await t.database.db.select().from(guildTreasuryLog).where(eq(guildTreasuryLog.reference, `guild_battle:${battle.id}`));
    expect(log.map((r) => [r.guildId, r.delta, r.reason, r.balanceAfter])).toEqual([[strong.g.id, 600, 'battle_reward', 600]]);

    // The arena chat hears of it (through the announcer, at most a message a second).
    await expect
      .poll(async () => {
        const chat = (await strong.leader.p.get('/api/chat/messages')).body as { message: string; type: string }[];
        return chat.some((m) => m.type === 'system' && m.message.includes(`Guild ${strong.g.name} defeated ${weak.g.name}`));
      })
      .toBe(true);
    // The reward is guild credits: player balances and the ledger invariant are untouched.
    const audit = await auditCredits(t.database.db);
    expect(audit.badUsers).toEqual([]);
    expect(audit.totalCredits).toBe(audit.grants + audit.minted - audit.burned);
  });

  it("is fought once when the defender's leader and officer accept at the same moment", async () => {
    const a = await guild(3);
    const b = await guild(3);
    const battle = (await a.leader.p.post('/api/guilds/battles', { defenderGuildId: b.g.id })).body as GuildBattleView;
    const answers = await Promise.all([
      b.leader.p.post(`/api/guilds/battles/${battle.id}/accept`),
      b.officer.p.post(`/api/guilds/battles/${battle.id}/accept`),
    ]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    const rewards = await t.database.db.select().from(guildTreasuryLog).where(eq(guildTreasuryLog.reference, `guild_battle:${battle.id}`));
    expect(rewards).toHaveLength(1);
    expect(rewards[0]!.delta).toBe(600);
  });

  it('declined or withdrawn challenges are cancelled; one open challenge per pair of guilds', async () => {
    const a = await guild(2);
    const b = await guild(2);
    const first = (await a.leader.p.post('/api/guilds/battles', { defenderGuildId: b.g.id })).body as GuildBattleView;
    expect(first.maxParticipants).toBe(5);
    const again = await b.leader.p.post('/api/guilds/battles', { defenderGuildId: a.g.id });
    expect(again.status).toBe(409);
    const declined = await b.officer.p.post(`/api/guilds/battles/${first.id}/decline`);
    expect(declined.status).toBe(200);
    expect((declined.body as GuildBattleView).status).toBe('cancelled');
    expect((await b.leader.p.post(`/api/guilds/battles/${first.id}/accept`)).status).toBe(409);

    const second = (await a.leader.p.post('/api/guilds/battles', { defenderGuildId: b.g.id })).body as GuildBattleView;
    expect((await a.officer.p.post(`/api/guilds/battles/${second.id}/decline`)).body).toMatchObject({ status: 'cancelled' });
    expect((await battlesOf(a.member.p)).map((x) => x.status)).toEqual(['cancelled', 'cancelled']);
  });

  it('refuses challenges from members, against oneself, against missing guilds, and from outside a guild', async () => {
    const a = await guild(1);
    const b = await guild(1);
    expect((await a.member.p.post('/api/guilds/battles', { defenderGuildId: b.g.id })).status).toBe(403);
    expect((await a.leader.p.post('/api/guilds/battles', { defenderGuildId: a.g.id })).status).toBe(400);
    expect((await a.leader.p.post('/api/guilds/battles', { defenderGuildId: 99999999 })).status).toBe(404);
    expect((await a.leader.p.post('/api/guilds/battles', { defenderGuildId: 'x' })).status).toBe(400);
    const loner = new Player(t.base);
    await loner.register();
    expect((await loner.post('/api/guilds/battles', { defenderGuildId: b.g.id })).status).toBe(404);
    expect((await loner.get('/api/guilds/battles')).status).toBe(404);
  });

  it("another guild's battle is not found, and stays pending", async () => {
    const a = await guild(1);
    const b = await guild(1);
    const c = await guild(1);
    const battle = (await a.leader.p.post('/api/guilds/battles', { defenderGuildId: b.g.id })).body as GuildBattleView;
    expect((await c.leader.p.post(`/api/guilds/battles/${battle.id}/accept`)).status).toBe(404);
    expect((await c.leader.p.post(`/api/guilds/battles/${battle.id}/decline`)).status).toBe(404);
    const [row] = await t.database.db.select().from(guildBattles).where(eq(guildBattles.id, battle.id));
    expect(row!.status).toBe('pending');
    expect(await battlesOf(c.member.p)).toEqual([]);
  });

  it('cancels open challenges when a guild disbands, keeping its name in the history', async () => {
    const a = await guild(1);
    const solo = await player(1);
    const soloGuild = (await solo.p.post('/api/guilds', { name: guildName(), guildAvatar: 'eye', isPrivate: false, maxMembers: 20 }))
      .body as MyGuildView;
    const battle = (await a.leader.p.post('/api/guilds/battles', { defenderGuildId: soloGuild.id })).body as GuildBattleView;
    await solo.p.post('/api/guilds/leave');
    const [listed] = await battlesOf(a.member.p);
    expect(listed).toMatchObject({ id: battle.id, status: 'cancelled', defenderGuild: { id: soloGuild.id, name: soloGuild.name } });
    // The archived guild cannot be challenged again.
    expect((await a.leader.p.post('/api/guilds/battles', { defenderGuildId: soloGuild.id })).status).toBe(404);
  });
});

describe('guild progression', () => {
  it('a PvE victory adds contribution to the member and experience to the guild', async () => {
    const { g, member } = await guild(5);
    await t.database.db
      .insert(pveEnemies)
      .values({ userId: member.user.id, enemy: { name: 'Dust Bit', class: 'rogue', level: 1, stats: { attack: 1, defense: 1, speed: 1, magic: 1 } } })
      .onConflictDoUpdate({
        target: pveEnemies.userId,
        set: { enemy: { name: 'Dust Bit', class: 'rogue', level: 1, stats: { attack: 1, defense: 1, speed: 1, magic: 1 } } },
      });
    const fought = await member.p.post('/api/battle', { characterId: member.character.id });
    expect(fought.status, fought.text).toBe(200);
    expect(fought.body.result).toBe('victory');
    const view = (await member.p.get('/api/guilds/my-guild')).body as MyGuildView;
    expect(view.id).toBe(g.id);
    expect(view.experience).toBe(10);
    expect(view.members.find((m) => m.user.username === member.username)!.contributionPoints).toBe(10);
    expect(view.members.filter((m) => m.user.username !== member.username).every((m) => m.contributionPoints === 0)).toBe(true);
  });

  it('a PvP victory adds 25 to the winner and their guild', async () => {
    const { member } = await guild(1);
    const rival = await player(1);
    expect((await member.p.post('/api/pvp/join-queue', { characterId: member.character.id })).status).toBe(200);
    const matched = await rival.p.post('/api/pvp/join-queue', { characterId: rival.character.id });
    expect(matched.body.battle).not.toBeNull();
    // Both move once (an instant forfeit would be no contest), then the rival gives up.
    const [first, second] = matched.body.battle.currentTurn === rival.user.id ? [rival, member] : [member, rival];
    expect((await first.p.post('/api/pvp/make-move', { move: 'defend' })).status).toBe(200);
    expect((await second.p.post('/api/pvp/make-move', { move: 'defend' })).status).toBe(200);
    expect((await rival.p.post('/api/pvp/forfeit', {})).status).toBe(200);
    const view = (await member.p.get('/api/guilds/my-guild')).body as MyGuildView;
    expect(view.experience).toBe(25);
    expect(view.members.find((m) => m.user.username === member.username)!.contributionPoints).toBe(25);
  });

  it('levels the guild every 1000 experience', async () => {
    const { g, leader } = await guild(1);
    await t.database.db.execute(`update guilds set experience = 2345 where id = ${g.id}`);
    const view = (await leader.p.get('/api/guilds/my-guild')).body as MyGuildView;
    expect(view).toMatchObject({ level: 3, experienceIntoLevel: 345, experiencePerLevel: 1000 });
  });
});

describe('donations', () => {
  it('move credits from the player to the treasury through a ledger row; overspending changes nothing', async () => {
    const { g, member, leader } = await guild(1);
    const res = await member.p.post('/api/guilds/donate', { amount: 700 });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ credits: 1800, treasury: 700 });
    expect((await member.p.get('/api/user')).body.credits).toBe(1800);
    expect(((await leader.p.get('/api/guilds/my-guild')).body as MyGuildView).treasury).toBe(700);
    const rows = await t.database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, member.user.id), eq(creditLedger.reason, 'guild_donation')));
    expect(rows.map((r) => [r.delta, r.reference, r.balanceAfter])).toEqual([[-700, `guild:${g.id}`, 1800]]);

    const over = await member.p.post('/api/guilds/donate', { amount: 5000 });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ message: 'Insufficient credits' });
    for (const amount of [0, -5, 1.5, '10']) expect((await member.p.post('/api/guilds/donate', { amount })).status).toBe(400);
    expect(((await leader.p.get('/api/guilds/my-guild')).body as MyGuildView).treasury).toBe(700);

    const outsider = new Player(t.base);
    await outsider.register();
    expect((await outsider.post('/api/guilds/donate', { amount: 10 })).status).toBe(404);
    const audit = await auditCredits(t.database.db);
    expect(audit.badUsers).toEqual([]);
    expect(audit.totalCredits).toBe(audit.grants + audit.minted - audit.burned);
  });
});
