import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { CHAT_MESSAGE_MAX } from '@common/constants';
import { CHAT_HISTORY_SIZE, CHAT_MESSAGES, CHAT_RATE_LIMIT, chatText, type ChatMessageView } from '@common/chat';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { chatMessages } from '../db/schema-chat';
import type { Bus, BusLogger } from '../realtime/bus';
import { CHAT_CHANNEL, type ChatEvent } from '../realtime/channels';
import { badRequest, tooMany } from './errors';

/**
 * Arena chat (DESIGN §4): messages are stored, then announced on the bus so every instance
 * relays them to its sockets. The author always comes from the session.
 */

export const SYSTEM_AUTHOR = 'System';
/** First key of the advisory lock that serialises one player's posts (second key: user id). */
const CHAT_LOCK_NAMESPACE = 4_204_101;

interface ChatOutlet {
  bus: Bus;
  log: BusLogger;
}
/** The bus of each app's database, so services without one in hand (PvE, forge) can announce. */
const outlets = new WeakMap<Db, ChatOutlet>();

/** Connects the chat of `db` to a bus; the returned function disconnects it again. */
export function connectChat(db: Db, bus: Bus, log: BusLogger): () => void {
  const outlet = { bus, log };
  outlets.set(db, outlet);
  return () => {
    if (outlets.get(db) === outlet) outlets.delete(db);
  };
}

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
  };
}

/** The last `limit` messages before the cursor (a message id), oldest first. */
export async function history(db: Db, { before, limit = CHAT_HISTORY_SIZE }: { before?: number; limit?: number } = {}) {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(before === undefined ? undefined : lt(chatMessages.id, before))
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
  db: Db,
  author: Author,
  text: unknown,
  ack?: ChatEvent['ack'],
): Promise<ChatMessageView> {
  const parsed = chatText.safeParse(text);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? CHAT_MESSAGES.empty);
  const row = await db.transaction(async (tx) => {
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
    const [inserted] = await tx
      .insert(chatMessages)
      .values({
        userId: author.id,
        username: author.username,
        message: parsed.data,
        type: 'player',
        createdAt: sql`clock_timestamp()`,
      })
      .returning();
    return inserted!;
  });
  const message = chatMessageView(row);
  await broadcast(db, { message, ...(ack ? { ack } : {}) });
  return message;
}

/** A system announcement (type system, no author), stored and broadcast. */
export async function postSystemMessage(db: Db, text: string): Promise<ChatMessageView> {
  const trimmed = text.trim().slice(0, CHAT_MESSAGE_MAX);
  const [row] = await db
    .insert(chatMessages)
    .values({ userId: null, username: SYSTEM_AUTHOR, message: trimmed || '…', type: 'system' })
    .returning();
  const message = chatMessageView(row!);
  await broadcast(db, { message });
  return message;
}

/** The message is stored already: a bus failure only costs the live push (clients poll too). */
async function broadcast(db: Db, event: ChatEvent): Promise<void> {
  const outlet = outlets.get(db);
  if (!outlet) return;
  try {
    await outlet.bus.publish(CHAT_CHANNEL, event);
  } catch (err) {
    outlet.log.warn({ err }, 'chat broadcast failed');
  }
}

/**
 * Announcements made after another service's transaction committed: they never fail the
 * action that caused them.
 */
async function announce(db: Db, text: (username: string) => string, userId: number): Promise<void> {
  try {
    const [user] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId)).limit(1);
    if (user) await postSystemMessage(db, text(user.username));
  } catch (err) {
    outlets.get(db)?.log.warn({ err }, 'chat announcement failed');
  }
}

export function announceLevelUp(db: Db, userId: number, characterName: string, level: number): Promise<void> {
  return announce(db, (name) => `${name}'s ${characterName} reached level ${level}!`, userId);
}

export function announceForging(db: Db, userId: number, itemName: string, rarity: string): Promise<void> {
  return announce(db, (name) => `${name} forged ${itemName}, a ${rarity} piece!`, userId);
}

export function announcePvpVictory(db: Db, userId: number, characterName: string, loserName: string): Promise<void> {
  return announce(db, (name) => `${name}'s ${characterName} defeated ${loserName} in the arena!`, userId);
}

export function announceGuildFounded(db: Db, userId: number, guildName: string): Promise<void> {
  return announce(db, (name) => `${name} founded the guild ${guildName}!`, userId);
}

export async function announceGuildBattle(db: Db, winnerGuild: string, loserGuild: string, reward: number): Promise<void> {
  try {
    await postSystemMessage(db, `Guild ${winnerGuild} defeated ${loserGuild} in a guild battle and won ${reward} credits for its treasury!`);
  } catch (err) {
    outlets.get(db)?.log.warn({ err }, 'chat announcement failed');
  }
}
