import { and, desc, eq, isNull, lt, notExists, sql } from 'drizzle-orm';
import { CHAT_MESSAGE_MAX } from '@common/constants';
import { CHAT_HISTORY_SIZE, CHAT_MESSAGES, CHAT_RATE_LIMIT, chatText, type ChatMessageView } from '@common/chat';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { chatMessages } from '../db/schema-chat';
import { blocks } from '../db/schema-moderation';
import { CHAT_CHANNEL, type ChatEvent } from '../bus/channels';
import { isMuted } from '../domain/moderation';
import { mutedMessage } from '@common/moderation';
import { badRequest, forbidden, tooMany } from '../errors';
import { blockersOf } from './blocks';
import { recordEvents } from './outbox';
import { transact } from './transaction';

/**
 * Arena chat (DESIGN §4): messages are stored, then announced on the bus so every instance
 * relays them to its sockets. The author always comes from the session.
 */

export const SYSTEM_AUTHOR = 'System';
/** First key of the advisory lock that serialises one player's posts (second key: user id). */
const CHAT_LOCK_NAMESPACE = 4_204_101;

type ChatRow = typeof chatMessages.$inferSelect;

export function chatMessageView(row: ChatRow): ChatMessageView {
  return {
    id: row.id,
    userId: row.userId,
    username: row.username,
    message: row.message,
    text: row.message,
    type: row.type,
    createdAt: row.createdAt.toISOString(),
    ...(row.authorRole ? { authorRole: row.authorRole } : {}),
  };
}

/**
 * The last `limit` messages before the cursor (a message id), oldest first; for a viewer, without
 * the messages of players they block, and never a message a moderator deleted.
 */
export async function history({ db }: AppContext, { before, limit = CHAT_HISTORY_SIZE, viewerId }: { before?: number; limit?: number; viewerId?: number } = {}) {
  const hidden =
    viewerId === undefined
      ? undefined
      : notExists(db.select({ one: sql`1` }).from(blocks).where(and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, chatMessages.userId))));
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(isNull(chatMessages.deletedAt), before === undefined ? undefined : lt(chatMessages.id, before), hidden))
    .orderBy(desc(chatMessages.id))
    .limit(Math.min(Math.max(limit, 1), CHAT_HISTORY_SIZE));
  return rows.reverse().map(chatMessageView);
}

export interface Author {
  id: number;
  username: string;
}

/**
 * A player's message: 1-500 characters after trimming, at most 5 per 10 s. The count runs in
 * the insert's transaction under a per-player advisory lock, on the database clock, so every
 * instance agrees. Broadcast once committed; `ack` marks the sending socket.
 */
export async function postPlayerMessage(
  ctx: AppContext,
  author: Author,
  text: unknown,
  ack?: ChatEvent['ack'],
): Promise<ChatMessageView> {
  const parsed = chatText.safeParse(text);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? CHAT_MESSAGES.empty);
  const row = await transact(ctx, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CHAT_LOCK_NAMESPACE}::int, ${author.id}::int)`);
    const windowSeconds = CHAT_RATE_LIMIT.windowMs / 1000;
    const [recent] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.userId, author.id),
          sql`${chatMessages.createdAt} > clock_timestamp() - make_interval(secs => ${windowSeconds})`,
        ),
      );
    if ((recent?.count ?? 0) >= CHAT_RATE_LIMIT.messages) throw tooMany(CHAT_MESSAGES.rateLimited);
    // Read in the transaction: a mute set on any instance holds at once.
    const [me] = await tx.select({ role: users.role, mutedUntil: users.mutedUntil }).from(users).where(eq(users.id, author.id));
    if (me && isMuted(me.mutedUntil, ctx.clock.now())) throw forbidden(mutedMessage(me.mutedUntil!));
    const hiddenFrom = await blockersOf(tx, author.id);
    const [inserted] = await tx
      .insert(chatMessages)
      .values({
        userId: author.id,
        username: author.username,
        message: parsed.data,
        type: 'player',
        createdAt: sql`clock_timestamp()`,
        authorRole: me?.role === 'moderator' || me?.role === 'admin' ? me.role : null,
      })
      .returning();
    await recordEvents(tx, [{ type: 'ChatPosted', userId: author.id }], ctx.clock.now());
    return { row: inserted!, hiddenFrom };
  });
  const message = chatMessageView(row.row);
  await broadcast(ctx, { message, ...(ack ? { ack } : {}), ...(row.hiddenFrom.length > 0 ? { hiddenFrom: row.hiddenFrom } : {}) });
  return message;
}

/** A system announcement (type system, no author), stored and broadcast. */
export async function postSystemMessage(ctx: AppContext, text: string): Promise<ChatMessageView> {
  const trimmed = text.trim().slice(0, CHAT_MESSAGE_MAX);
  const [row] = await ctx.db
    .insert(chatMessages)
    .values({ userId: null, username: SYSTEM_AUTHOR, message: trimmed || '…', type: 'system' })
    .returning();
  const message = chatMessageView(row!);
  await broadcast(ctx, { message });
  return message;
}

/** The message is stored already: a bus failure only costs the live push (clients poll too). */
export async function broadcast({ bus, log }: AppContext, event: ChatEvent): Promise<void> {
  try {
    await bus.publish(CHAT_CHANNEL, event);
  } catch (err) {
    log.warn({ err }, 'chat broadcast failed');
  }
}

/**
 * Notable events for the arena chat, made after the change that caused them committed. They go
 * through the context's announcer (at most one message a second, several as a digest) and never
 * fail the action that caused them.
 */
async function announce(ctx: AppContext, text: (username: string) => string, userId: number): Promise<void> {
  try {
    const [user] = await ctx.db.select({ username: users.username }).from(users).where(eq(users.id, userId)).limit(1);
    if (user) ctx.announcer.announce(text(user.username));
  } catch (err) {
    ctx.log.warn({ err }, 'chat announcement failed');
  }
}

/** A character reached a level milestone (10, 20, ...). */
export function announceLevelMilestone(ctx: AppContext, userId: number, characterName: string, level: number): Promise<void> {
  return announce(ctx, (name) => `${name}'s ${characterName} reached level ${level}!`, userId);
}

export function announceForging(ctx: AppContext, userId: number, itemName: string, rarity: string): Promise<void> {
  return announce(ctx, (name) => `${name} forged ${itemName}, a ${rarity} piece!`, userId);
}

/** A PvP win streak of 5, 10, ... */
export function announceStreak(ctx: AppContext, userId: number, characterName: string, streak: number): Promise<void> {
  return announce(ctx, (name) => `${name}'s ${characterName} is on a ${streak}-win PvP streak!`, userId);
}

/** A PvP rating crossed a hundred from 1600 up. */
export function announceRatingMilestone(ctx: AppContext, userId: number, characterName: string, rating: number): Promise<void> {
  return announce(ctx, (name) => `${name}'s ${characterName} broke ${rating} PvP rating!`, userId);
}

export function announceGuildFounded(ctx: AppContext, userId: number, guildName: string): Promise<void> {
  return announce(ctx, (name) => `${name} founded the guild ${guildName}!`, userId);
}

export function announceGuildBattle(ctx: AppContext, winnerGuild: string, loserGuild: string, reward: number): void {
  ctx.announcer.announce(`Guild ${winnerGuild} defeated ${loserGuild} in a guild battle and won ${reward} credits for its treasury!`);
}
