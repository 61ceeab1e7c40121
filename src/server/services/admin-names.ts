import { eq } from 'drizzle-orm';
import type { Role } from '@common/moderation';
import type { AppContext } from '../context';
import { users } from '../db/schema';

/**
 * ADMIN_USERNAMES (read at start-up) makes those accounts admins when they register or log in,
 * so a new deployment has an admin without touching the database. Answers the account's role.
 */
export async function applyAdminNames(ctx: Pick<AppContext, 'db' | 'config'>, userId: number, username: string, role: Role = 'player'): Promise<Role> {
  if (role === 'admin' || !ctx.config.ADMIN_USERNAMES.includes(username.toLowerCase())) return role;
  await ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, userId));
  return 'admin';
}
