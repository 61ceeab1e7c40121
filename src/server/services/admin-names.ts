import { eq, sql } from 'drizzle-orm';
import type { Role } from '@common/moderation';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { modAudit } from '../db/schema-moderation';

/**
 * ADMIN_USERNAMES (read at start-up) makes those accounts admins when they register or log in,
 * so a new deployment has an admin without touching the database. Answers the account's role.
 */
export async function applyAdminNames(ctx: Pick<AppContext, 'db' | 'config'>, userId: number, username: string, role: Role = 'player'): Promise<Role> {
  if (role === 'admin' || !ctx.config.ADMIN_USERNAMES.includes(username.toLowerCase())) return role;
  await ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, userId));
  return 'admin';
}

/**
 * `npm run admin -- role <username> <role>`: sets any role from the shell, for a deployment with
 * no admin yet; written to the audit log as done by 'shell'. Answers the account's id.
 */
export async function setRoleFromShell(db: Db, username: string, role: Role, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ role })
      .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
      .returning({ id: users.id });
    if (!user) throw new Error(`No account is called ${username}`);
    await tx.insert(modAudit).values({ actorId: 0, actorName: 'shell', action: 'user.role', target: `user:${user.id}`, targetUserId: user.id, reason: `set from the shell (${role})`, createdAt: now });
    return user.id;
  });
}
