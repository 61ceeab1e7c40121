import { randomBytes } from 'node:crypto';
import { STARTING_CREDITS } from '../../src/common/constants';
import type { ScratchDatabase } from './db';

/**
 * Seeds players straight in SQL: registration hashes passwords with argon2, which would
 * dominate any load figure, so accounts, sessions and characters are written directly. Each
 * player gets the starting grant through the ledger (the credit audit holds), a live session
 * (only the token's SHA-256 is stored, as the server does) and one character. Everything
 * measured afterwards goes through the real HTTP and socket paths.
 */
export interface SeedOptions {
  count: number;
  /** Username prefix; unique per group (e.g. 'pvp', 'g'). */
  prefix: string;
  /** Level of every character; 'spread' gives levels 1-30 and some wins (rankings data). */
  levels?: 'one' | 'spread';
  /** Share of characters put up for sale (0..1). */
  listed?: number;
  /** Chat messages written per player (0..n, may be fractional: every k-th player). */
  chatPerPlayer?: number;
}

export interface SeededPlayer {
  userId: number;
  username: string;
  characterId: number;
  /** Raw session token; the cookie is `ga_session=<token>`. */
  token: string;
}

export const cookieOf = (token: string) => `ga_session=${token}`;

export async function seedPlayers(db: ScratchDatabase, options: SeedOptions): Promise<SeededPlayer[]> {
  const { count, prefix, levels = 'one', listed = 0, chatPerPlayer = 0 } = options;
  const salt = `${prefix}${randomBytes(6).toString('hex')}t`;
  const like = `${prefix}\\_%`;
  await db.query(
    `insert into users (username, password_hash, credits)
     select $1 || '_' || g, 'not-a-login-account', $3 from generate_series(1, $2::int) g`,
    [prefix, count, STARTING_CREDITS],
  );
  await db.query(
    `insert into credit_ledger (user_id, delta, reason, balance_after)
     select id, $2, 'starting_grant', $2 from users where username like $1`,
    [like, STARTING_CREDITS],
  );
  await db.query(
    `insert into sessions (token_hash, user_id, expires_at)
     select encode(sha256(convert_to($2 || id, 'UTF8')), 'hex'), id, now() + interval '7 days'
     from users where username like $1`,
    [like, salt],
  );
  const level = levels === 'spread' ? `1 + (id * 7919) % 30` : '1';
  const wins = levels === 'spread' ? `(id * 31) % 50` : '0';
  await db.query(
    `insert into characters (user_id, name, class, character_avatar, level, wins, losses)
     select id, 'Hero' || id,
       (array['warrior','mage','rogue','tank','assassin','berserker'])[1 + id % 6],
       (array['warrior1','mage1','rogue1','tank1','assassin1','berserker1'])[1 + id % 6],
       ${level}, ${wins}, (id * 17) % 20
     from users where username like $1`,
    [like],
  );
  await db.query(
    `update users u set best_level = c.level, total_wins = c.wins
     from characters c where c.user_id = u.id and u.username like $1`,
    [like],
  );
  if (listed > 0) {
    const every = Math.max(1, Math.round(1 / listed));
    await db.query(
      `insert into marketplace_listings (character_id, seller_id, price, character_level)
       select c.id, c.user_id, 100 + (c.id * 13) % 5000, c.level from characters c join users u on u.id = c.user_id
       where u.username like $1 and c.id % $2 = 0`,
      [like, every],
    );
  }
  if (chatPerPlayer > 0) {
    const every = chatPerPlayer >= 1 ? 1 : Math.round(1 / chatPerPlayer);
    const times = Math.max(1, Math.round(chatPerPlayer));
    await db.query(
      `insert into chat_messages (user_id, username, message, type, created_at)
       select u.id, u.username, 'gg ' || u.id || '/' || k, 'player', now() - make_interval(secs => (u.id * 7 + k) % 86400)
       from users u, generate_series(1, $3::int) k where u.username like $1 and u.id % $2 = 0`,
      [like, every, times],
    );
  }
  await db.query('analyze');
  const { rows } = await db.query<{ id: number; username: string; character_id: number }>(
    `select u.id, u.username, c.id as character_id from users u join characters c on c.user_id = u.id
     where u.username like $1 order by u.id`,
    [like],
  );
  return rows.map((r) => ({ userId: r.id, username: r.username, characterId: r.character_id, token: `${salt}${r.id}` }));
}
