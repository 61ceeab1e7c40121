import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharacterView, LeaderboardEntry, RankingEntry } from '../src/common/game-api';
import { characters, users } from '../src/server/db/schema';
import { refreshStandings } from '../src/server/services/event-subscribers';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let viewer: Player;
beforeAll(async () => {
  t = await startTestApp();
  viewer = new Player(t.base);
  await viewer.register();
});
afterAll(async () => {
  await t?.close();
});

async function ranked(level: number, wins: number, isForged = false) {
  const p = new Player(t.base);
  const { user } = await p.register();
  const c = (await p.post('/api/characters', { name: `L${level}W${wins}`, class: 'mage', characterAvatar: 'mage1' })).body as CharacterView;
  await t.database.db.transaction(async (tx) => {
    await tx.update(characters).set({ level, wins, isForged }).where(eq(characters.id, c.id));
    await refreshStandings(tx, [user.id]);
  });
  return { user, character: c };
}

describe('rankings', () => {
  it('leaderboard: best level and all wins, score, tier, best first, players without a character left out', async () => {
    const a = await ranked(12, 3); // 1230 Expert
    const b = await ranked(3, 30); // 600 Advanced
    const c = await ranked(25, 1); // 2510 Legendary
    const res = await viewer.get('/api/leaderboard');
    expect(res.status).toBe(200);
    const board = res.body as LeaderboardEntry[];
    const mine = board.filter((e) => [a.user.id, b.user.id, c.user.id].includes(e.userId));
    expect(mine.map((e) => [e.username, e.level, e.wins, e.score, e.tier])).toEqual([
      [c.user.username, 25, 1, 2510, 'Legendary'],
      [a.user.username, 12, 3, 1230, 'Expert'],
      [b.user.username, 3, 30, 600, 'Advanced'],
    ]);
    expect(board.map((e) => e.rank)).toEqual(board.map((_, i) => i + 1));
    for (let i = 1; i < board.length; i++) expect(board[i - 1]!.score).toBeGreaterThanOrEqual(board[i]!.score);
    expect(board.some((e) => e.level === 0)).toBe(false);
  });

  it('rankings by level, wins and overall with their scores', async () => {
    const forged = await ranked(7, 2, true);
    const byOverall = (await viewer.get('/api/rankings?category=overall&limit=100')).body as RankingEntry[];
    const entry = byOverall.find((e) => e.characterId === forged.character.id)!;
    const value = (500 + 250 * 6 + 20 * 2) * 2;
    expect(entry).toMatchObject({ level: 7, wins: 2, losses: 0, value, score: 700 + 20 + Math.floor(value / 10) });
    for (let i = 1; i < byOverall.length; i++) expect(byOverall[i - 1]!.score).toBeGreaterThanOrEqual(byOverall[i]!.score);

    const byLevel = (await viewer.get('/api/rankings?category=level&limit=100')).body as RankingEntry[];
    for (let i = 1; i < byLevel.length; i++) expect(byLevel[i - 1]!.level).toBeGreaterThanOrEqual(byLevel[i]!.level);
    const byWins = (await viewer.get('/api/rankings?category=wins')).body as RankingEntry[];
    expect(byWins.length).toBeLessThanOrEqual(20);
    for (let i = 1; i < byWins.length; i++) expect(byWins[i - 1]!.wins).toBeGreaterThanOrEqual(byWins[i]!.wins);
  });

  it.each(['category=fame', 'limit=0', 'limit=101', 'limit=abc'])('refuses ?%s with 400', async (q) => {
    const res = await viewer.get(`/api/rankings?${q}`);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });

  it('both are answered from an index, not by sorting every row', async () => {
    // Enough rows that the planner would rather sort than scan, were there no index.
    await t.database.db.execute(sql`
      insert into users (username, password_hash, credits, best_level, total_wins)
      select 'bulk_' || g, 'x', 0, 1 + g % 60, g % 500 from generate_series(1, 5000) g`);
    await t.database.db.execute(sql`
      insert into characters (user_id, name, class, character_avatar, level, wins)
      select id, 'Bulk', 'rogue', 'rogue1', best_level, total_wins from users where username like 'bulk_%'`);
    await t.database.db.execute(sql`analyze`);

    const plans: Record<string, string> = {};
    const explain = async (name: string, query: ReturnType<typeof sql>) => {
      const res = (await t.database.db.execute(sql`explain ${query}`)) as { rows: unknown[] };
      plans[name] = (res.rows as Record<string, string>[]).map((r) => Object.values(r)[0]).join('\n');
    };
    await explain('leaderboard', sql`select id from ${users} where best_level > 0 order by leaderboard_score desc, id limit 50`);
    await explain('overall', sql`select id from ${characters} order by overall_score desc, id limit 20`);
    await explain('level', sql`select id from ${characters} order by level desc, wins desc, id limit 20`);
    await explain('wins', sql`select id from ${characters} order by wins desc, level desc, id limit 20`);
    expect(plans.leaderboard).toContain('users_leaderboard_idx');
    expect(plans.overall).toContain('characters_overall_rank_idx');
    expect(plans.level).toContain('characters_level_rank_idx');
    expect(plans.wins).toContain('characters_wins_rank_idx');
    for (const plan of Object.values(plans)) expect(plan).not.toMatch(/Sort/);
  });
});
