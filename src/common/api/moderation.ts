import { z } from 'zod';
import { idParams } from '../requests';
import {
  actionBody,
  auditPageSchema,
  blockBody,
  blockViewSchema,
  cursorQuery,
  modActionAnswer,
  muteBody,
  playerRecordSchema,
  reasonBody,
  reportBody,
  reportCreatedSchema,
  reportsPageSchema,
  reportsQuery,
  roleBody,
  suspendBody,
} from '../moderation';
import { defineRoute, messageAnswer } from './contract';

/** Blocks and reports of players (docs/decisions.md 'Moderation'). */
export const blockRoutes = {
  list: defineRoute({ method: 'GET', path: '/api/blocks', summary: 'The players you block, newest first', tag: 'Moderation', auth: 'player', response: z.array(blockViewSchema) }),
  block: defineRoute({
    method: 'POST',
    path: '/api/blocks',
    summary: "Blocks a player by username (500 at most): their chat is hidden from you and you never meet (queues, invitations, challenges); a friendship or friend request between you ends",
    tag: 'Moderation',
    auth: 'player',
    status: 201,
    body: blockBody,
    response: blockViewSchema,
  }),
  remove: defineRoute({ method: 'POST', path: '/api/blocks/:id/remove', summary: 'Lifts the block of this player (404 when there is none)', tag: 'Moderation', auth: 'player', params: idParams, response: messageAnswer }),
  report: defineRoute({
    method: 'POST',
    path: '/api/reports',
    summary: 'Reports a player, chat message, battle, guild or listing; the evidence is kept as it is now (409 a second open report, 429 past 10 an hour)',
    tag: 'Moderation',
    auth: 'player',
    status: 201,
    body: reportBody,
    response: reportCreatedSchema,
  }),
};

const modRoute = <P extends string, B extends z.ZodType = typeof reasonBody>(path: P, summary: string, body: B = reasonBody as unknown as B) =>
  defineRoute({ method: 'POST', path, summary, tag: 'Moderation', auth: 'player', params: idParams, body, response: modActionAnswer });

/** The moderators' console: every route answers 403 to a player, and every action needs a reason. */
export const modRoutes = {
  reports: defineRoute({ method: 'GET', path: '/api/mod/reports', summary: 'The reports queue (open or handled), each with its evidence', tag: 'Moderation', auth: 'player', query: reportsQuery, response: reportsPageSchema }),
  audit: defineRoute({ method: 'GET', path: '/api/mod/audit', summary: 'The append-only log of moderator actions, newest first', tag: 'Moderation', auth: 'player', query: cursorQuery, response: auditPageSchema }),
  record: defineRoute({ method: 'GET', path: '/api/mod/users/:id', summary: "A player's recent chat, battles and the actions taken on them", tag: 'Moderation', auth: 'player', params: idParams, response: playerRecordSchema }),
  deleteChat: modRoute('/api/mod/chat/:id/delete', 'Deletes a chat message: gone from the history and from every open chat', actionBody),
  mute: modRoute('/api/mod/users/:id/mute', 'Mutes a player for 10, 60, 1440 or 10080 minutes', muteBody),
  suspend: modRoute('/api/mod/users/:id/suspend', 'Suspends an account for some days or for good: sessions and sockets end, listings are withdrawn, queues left', suspendBody),
  unsuspend: modRoute('/api/mod/users/:id/unsuspend', 'Lifts a suspension'),
  role: modRoute('/api/mod/users/:id/role', 'Grants or takes the moderator role (admins only)', roleBody),
  renameCharacter: modRoute('/api/mod/characters/:id/rename', "Replaces a character's offensive name by a neutral one", actionBody),
  renameGuild: modRoute('/api/mod/guilds/:id/rename', "Replaces a guild's offensive name by a neutral one", actionBody),
  resolve: modRoute('/api/mod/reports/:id/resolve', 'Closes a report as acted upon (the reporter is told it was handled)'),
  dismiss: modRoute('/api/mod/reports/:id/dismiss', 'Closes a report with no action (the reporter is told it was handled)'),
};
