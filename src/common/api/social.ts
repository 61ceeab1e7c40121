import { z } from 'zod';
import { chatHistoryQuery, chatMessageViewSchema, postChatBody } from '../chat';
import { leaderboardEntrySchema, pvpRankingEntrySchema, rankingEntrySchema } from '../game-api';
import { questClaimViewSchema, questIdParams, questViewSchema } from '../quests';
import { battleHistoryEntrySchema, replayViewSchema } from '../replays';
import { idParams, rankingsQuery } from '../requests';
import { defineRoute } from './contract';

/** Arena chat of SPEC §7: the history (oldest first, paged back by id) and posting. */
export const chatRoutes = {
  history: defineRoute({
    method: 'GET',
    path: '/api/chat/messages',
    summary: 'The last chat messages (50 at most), oldest first; `before` (a message id) pages back',
    tag: 'Chat',
    auth: 'player',
    query: chatHistoryQuery,
    response: z.array(chatMessageViewSchema),
  }),
  post: defineRoute({
    method: 'POST',
    path: '/api/chat/messages',
    summary: 'Posts a chat message as the signed-in player (5 per 10 seconds at most)',
    tag: 'Chat',
    auth: 'player',
    status: 201,
    body: postChatBody,
    response: chatMessageViewSchema,
  }),
};

/** Stored battles: a replay by link (any signed-in player) and a character's last battles (the owner's). */
export const replayRoutes = {
  replay: defineRoute({
    method: 'GET',
    path: '/api/replays/:id',
    summary: 'A stored battle, played again by the engine: fighters, events and log',
    tag: 'Replays',
    auth: 'player',
    params: idParams,
    response: replayViewSchema,
  }),
  characterBattles: defineRoute({
    method: 'GET',
    path: '/api/characters/:id/battles',
    summary: "An own character's last 20 battles, newest first, each with its replay id",
    tag: 'Replays',
    auth: 'player',
    params: idParams,
    response: z.array(battleHistoryEntrySchema),
  }),
};

/** Quests: the first-steps chain and the dailies, and claiming a finished one's reward. */
export const questRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/quests',
    summary: "The player's first-steps quests, then today's three dailies, with progress",
    tag: 'Quests',
    auth: 'player',
    response: z.array(questViewSchema),
  }),
  claim: defineRoute({
    method: 'POST',
    path: '/api/quests/:id/claim',
    summary: "Pays a finished quest's reward once (400 for a malformed id, 404 unknown, 409 unfinished or claimed)",
    tag: 'Quests',
    auth: 'player',
    idempotent: true,
    params: questIdParams,
    response: questClaimViewSchema,
  }),
};

/** The leaderboard (players) and the rankings (characters by category, or the season's PvP ladder). */
export const rankingRoutes = {
  leaderboard: defineRoute({
    method: 'GET',
    path: '/api/leaderboard',
    summary: 'The top 50 players by score (best level × 100 + wins × 10), with tiers',
    tag: 'Rankings',
    auth: 'player',
    response: z.array(leaderboardEntrySchema),
  }),
  rankings: defineRoute({
    method: 'GET',
    path: '/api/rankings',
    summary: "Characters ranked by overall score, level or wins; category 'pvp' answers the season's PvP ladder instead",
    tag: 'Rankings',
    auth: 'player',
    query: rankingsQuery,
    response: z.union([z.array(rankingEntrySchema), z.array(pvpRankingEntrySchema)]),
  }),
};
