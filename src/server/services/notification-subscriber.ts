import { sql } from 'drizzle-orm';
import type { NotificationView } from '@common/notifications';
import { executePrepared, intArray, type Tx } from '../db/client';
import { characters, creditLedger, marketplaceListings } from '../db/schema';
import { guildMembers } from '../db/schema-guilds';
import { NOTIFICATION_RULES, factsNeeded, notificationsOf, type NotificationFacts } from '../domain/notifications';
import { pushNotifications, storeNotifications } from './notifications';
import type { StoredEvent, Subscriber } from './outbox';

/**
 * Notifications come from domain events (issue 25): no reward, sale or invitation path sends
 * one. In the batch's transaction the rules of domain/notifications.ts turn events into rows
 * (with the facts they need, one statement per kind of fact); once the batch committed, each
 * row is pushed to its player's sockets on every instance.
 */

/** Rows written by a batch, by event id, until the batch commits and they are pushed. */
const written = new Map<number, { userId: number; view: NotificationView }[]>();

async function saleFacts(tx: Tx, events: readonly StoredEvent[]): Promise<NotificationFacts['sales']> {
  const sales = events.flatMap(({ id, event }) => (event.type === 'CharacterSold' ? [{ event_id: id, seller: event.userId, character_id: event.characterId }] : []));
  const facts: NotificationFacts['sales'] = new Map();
  if (sales.length === 0) return facts;
  // The seller's ledger row of the sale (its reference is the listing) holds the balance after it.
  const rows = await executePrepared<{ event_id: number; name: string; balance: number | null }>(
    tx,
    'notification_sale_facts',
    sql`
    select s.event_id, c.name,
      (select l.balance_after from ${creditLedger} l
        where l.user_id = s.seller and l.reason = 'marketplace_sale'
          and l.reference = 'listing:' || (select max(m.id) from ${marketplaceListings} m where m.character_id = s.character_id and m.seller_id = s.seller)
        order by l.id desc limit 1) as balance
    from json_to_recordset(${JSON.stringify(sales)}::json) as s(event_id bigint, seller int, character_id int)
    join ${characters} c on c.id = s.character_id`,
  );
  for (const r of rows) if (r.balance !== null) facts.set(Number(r.event_id), { characterName: r.name, balance: r.balance });
  return facts;
}

async function guildFacts(tx: Tx, events: readonly StoredEvent[]): Promise<NotificationFacts['guildMembers']> {
  const ids = new Set<number>();
  for (const { event } of events) {
    if (event.type !== 'GuildBattleWon') continue;
    if (event.winnerGuildId) ids.add(event.winnerGuildId);
    if (event.loserGuildId) ids.add(event.loserGuildId);
  }
  const members: NotificationFacts['guildMembers'] = new Map();
  if (ids.size === 0) return members;
  const rows = await tx
    .select({ guildId: guildMembers.guildId, userId: guildMembers.userId })
    .from(guildMembers)
    .where(sql`${guildMembers.guildId} = any(${intArray(ids)})`);
  for (const r of rows) members.set(r.guildId, [...(members.get(r.guildId) ?? []), r.userId]);
  return members;
}

export const notificationSubscriber: Subscriber = {
  name: 'notifications',
  async handle(tx, events, ctx) {
    const needs = factsNeeded(events.map((e) => e.event));
    if (!events.some((e) => NOTIFICATION_RULES[e.event.type])) return;
    const facts: NotificationFacts = {
      sales: needs.has('sales') ? await saleFacts(tx, events) : new Map(),
      guildMembers: needs.has('guildMembers') ? await guildFacts(tx, events) : new Map(),
    };
    const made = notificationsOf(events, facts);
    const stored = await storeNotifications(
      tx,
      made.map((m) => m.draft),
      ctx.clock.now(),
    );
    // A batch that rolls back is handled again one event at a time: its entries are replaced.
    for (const { id } of events) written.delete(id);
    stored.forEach((row, i) => {
      const eventId = made[i]!.eventId;
      written.set(eventId, [...(written.get(eventId) ?? []), row]);
    });
  },
  async afterCommit(events, ctx) {
    const rows = events.flatMap(({ id }) => {
      const mine = written.get(id) ?? [];
      written.delete(id);
      return mine;
    });
    await pushNotifications(ctx, rows);
  },
};
