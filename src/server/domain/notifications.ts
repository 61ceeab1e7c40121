import { saleProceeds } from '@common/market-limits';
import { utcMinute } from '@common/moderation-rules';
import type { NotificationKind } from '@common/notifications';
import type { DomainEvent } from './events';

/** A finished quest's notification; claiming the reward marks it read (services/quests.ts). */
export const questReadyText = (title: string): string => `Quest complete: ${title}. Your reward is ready to claim.`;

/**
 * What each domain event tells the players it concerns (issue 25), as pure data: one entry per
 * event type in NOTIFICATION_RULES. An entry names the facts it needs beyond the event (read in
 * one statement per batch by services/notification-subscriber.ts) and turns the event and those
 * facts into notifications. Adding a kind is one entry here (and its name in
 * src/common/notifications.ts).
 */

export interface NotificationDraft {
  userId: number;
  kind: NotificationKind;
  text: string;
  link: string;
  /** Shown until then only (a challenge's 60 s). */
  expiresAt?: Date;
}

/** Facts some events need that they do not carry, read by the subscriber for the whole batch. */
export interface NotificationFacts {
  /** A sold character's name and the seller's balance right after the sale, by event id. */
  sales: Map<number, { characterName: string; balance: number }>;
  /** Members (user ids) of the guilds the batch's events name. */
  guildMembers: Map<number, number[]>;
}

export type FactNeed = keyof NotificationFacts;

type EventOf<T extends DomainEvent['type']> = Extract<DomainEvent, { type: T }>;

interface Rule<T extends DomainEvent['type']> {
  needs?: readonly FactNeed[];
  notify(event: EventOf<T>, facts: NotificationFacts, eventId: number): NotificationDraft[];
}

export type NotificationRules = { [T in DomainEvent['type']]?: Rule<T> };

const credits = (n: number) => `${n.toLocaleString('en-US')} credits`;

export const NOTIFICATION_RULES: NotificationRules = {
  CharacterSold: {
    needs: ['sales'],
    notify(e, facts, id) {
      const sale = facts.sales.get(id);
      const name = sale?.characterName ?? 'Your character';
      const balance = sale ? ` Your balance is now ${credits(sale.balance)}.` : '';
      return [
        {
          userId: e.userId,
          kind: 'listing_sold',
          text: `${name} sold for ${credits(e.price)}; you received ${credits(saleProceeds(e.price))} after the market fee.${balance}`,
          link: '/characters',
        },
      ];
    },
  },
  GuildInvited: {
    notify: (e) => [{ userId: e.userId, kind: 'guild_invitation', text: `${e.invitedBy} invited you to join the guild ${e.guildName}.`, link: '/guilds' }],
  },
  GuildBattleWon: {
    needs: ['guildMembers'],
    notify(e, facts) {
      const won = (facts.guildMembers.get(e.winnerGuildId ?? 0) ?? []).map((userId) => ({
        userId,
        kind: 'guild_battle' as const,
        text: `Your guild ${e.winnerGuild} won its battle against ${e.loserGuild}: ${credits(e.reward)} for the treasury.`,
        link: '/guilds',
      }));
      const lost = (facts.guildMembers.get(e.loserGuildId ?? 0) ?? []).map((userId) => ({
        userId,
        kind: 'guild_battle' as const,
        text: `Your guild ${e.loserGuild} lost its battle against ${e.winnerGuild}.`,
        link: '/guilds',
      }));
      return [...won, ...lost];
    },
  },
  FriendRequested: {
    notify: (e) => [{ userId: e.userId, kind: 'friend_request', text: `${e.fromUsername} sent you a friend request.`, link: '/friends' }],
  },
  FriendAccepted: {
    notify: (e) => [{ userId: e.userId, kind: 'friend_accepted', text: `${e.byUsername} accepted your friend request.`, link: '/friends' }],
  },
  ChallengeSent: {
    notify: (e) => [{ userId: e.userId, kind: 'challenge', text: `${e.fromUsername} challenged you to a duel.`, link: '/pvp', expiresAt: new Date(e.expiresAt) }],
  },
  QuestReady: {
    notify: (e) => [{ userId: e.userId, kind: 'quest_ready', text: questReadyText(e.title), link: '/' }],
  },
  SeasonEnded: {
    notify: (e) => [
      {
        userId: e.userId,
        kind: 'season_end',
        text: `Season ${e.season} has ended: ${e.characterName} finished #${e.rank} on the ladder with a rating of ${e.rating}.`,
        link: '/arena',
      },
    ],
  },
  CharacterRenamedByModerator: {
    notify: (e) => [
      { userId: e.userId, kind: 'renamed', text: `A moderator renamed your character ${e.from} to ${e.to}: its name broke the rules.`, link: '/characters' },
    ],
  },
  GuildRenamedByModerator: {
    notify: (e) => [{ userId: e.userId, kind: 'renamed', text: `A moderator renamed your guild ${e.from} to ${e.to}: its name broke the rules.`, link: '/guilds' }],
  },
  ReportHandled: {
    notify: (e) => [{ userId: e.userId, kind: 'report_handled', text: 'A moderator has handled your report. Thank you for helping keep the arena fair.', link: '/chat' }],
  },
  PlayerMuted: {
    notify: (e) => [{ userId: e.userId, kind: 'muted', text: `A moderator muted you in the chat until ${utcMinute(new Date(e.until))}.`, link: '/chat' }],
  },
};

/** Whether a player is told of this event (a notification): their wait is what its handling costs. */
export function notifies(event: DomainEvent, rules: NotificationRules = NOTIFICATION_RULES): boolean {
  return rules[event.type] !== undefined;
}

/** The facts a batch of events needs. */
export function factsNeeded(events: readonly DomainEvent[], rules: NotificationRules = NOTIFICATION_RULES): Set<FactNeed> {
  const needs = new Set<FactNeed>();
  for (const e of events) for (const need of rules[e.type]?.needs ?? []) needs.add(need);
  return needs;
}

/** Every notification a batch of events makes, in the events' order. */
export function notificationsOf(
  events: readonly { id: number; event: DomainEvent }[],
  facts: NotificationFacts,
  rules: NotificationRules = NOTIFICATION_RULES,
): { eventId: number; draft: NotificationDraft }[] {
  return events.flatMap(({ id, event }) => {
    const rule = rules[event.type] as Rule<typeof event.type> | undefined;
    return rule ? rule.notify(event as never, facts, id).map((draft) => ({ eventId: id, draft })) : [];
  });
}
