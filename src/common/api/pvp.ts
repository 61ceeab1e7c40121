import { z } from 'zod';
import { joinQueueBody, leaveQueueViewSchema, liveBattleViewSchema, makeMoveBody, pvpBattleViewSchema, queueStatusViewSchema } from '../pvp';
import { defineRoute } from './contract';

/**
 * PvP of the queue page (SPEC §7): status, join/leave, moves and forfeit (events go out on the
 * socket, src/common/ws-messages.ts), the ghost offered to a lonely player, and the running
 * battles anyone may watch.
 */
export const pvpRoutes = {
  queueStatus: defineRoute({
    method: 'GET',
    path: '/api/pvp/queue-status',
    summary: "The player's place in the queue, the counts, their running battle and any ghost offered",
    tag: 'PvP',
    auth: 'player',
    response: queueStatusViewSchema,
  }),
  joinQueue: defineRoute({
    method: 'POST',
    path: '/api/pvp/join-queue',
    summary: 'Queues a character for a battle (optionally through an arena); answers the status after a matching pass',
    tag: 'PvP',
    auth: 'player',
    body: joinQueueBody,
    response: queueStatusViewSchema,
  }),
  leaveQueue: defineRoute({
    method: 'POST',
    path: '/api/pvp/leave-queue',
    summary: 'Leaves the queue',
    tag: 'PvP',
    auth: 'player',
    response: leaveQueueViewSchema,
  }),
  makeMove: defineRoute({
    method: 'POST',
    path: '/api/pvp/make-move',
    summary:
      "Attacks, defends or uses the special in the player's running battle (a real-time duel: attacks or uses a learned skill, {move: 'skill', skillId}); answers the battle after it. A skill not learned or on cooldown is 400, a move out of turn 409",
    tag: 'PvP',
    auth: 'player',
    body: makeMoveBody,
    response: pvpBattleViewSchema,
  }),
  forfeit: defineRoute({
    method: 'POST',
    path: '/api/pvp/forfeit',
    summary: "Gives up the player's running battle",
    tag: 'PvP',
    auth: 'player',
    response: pvpBattleViewSchema,
  }),
  ghost: defineRoute({
    method: 'POST',
    path: '/api/pvp/ghost',
    summary: 'Takes the ghost offered after 20 s alone in the queue; answers the status with the battle',
    tag: 'PvP',
    auth: 'player',
    response: queueStatusViewSchema,
  }),
  live: defineRoute({
    method: 'GET',
    path: '/api/pvp/live',
    summary: 'The running battles anyone may watch, newest first',
    tag: 'PvP',
    auth: 'player',
    response: z.array(liveBattleViewSchema),
  }),
};
