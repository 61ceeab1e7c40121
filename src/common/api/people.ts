import {
  notificationListSchema,
  notificationsQuery,
  readNotificationsAnswer,
  readNotificationsBody,
} from '../notifications';
import {
  FRIEND_REQUESTS_PER_HOUR,
  MAX_FRIENDS,
  friendCardSchema,
  friendRequestBody,
  friendRequestViewSchema,
  friendsViewSchema,
} from '../friends';
import { idParams } from '../requests';
import { CHALLENGES_PER_HOUR, CHALLENGE_SECONDS, acceptChallengeBody, challengeBody, challengeViewSchema } from '../challenges';
import { z } from 'zod';
import { defineRoute, messageAnswer } from './contract';

/** Notifications (issue 25): what happened to the player, newest first, and marking them read. */
export const notificationRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/notifications',
    summary: "The player's notifications of the last 30 days, newest first, 20 a page (`cursor` from the last page's `nextCursor`), with the unread count",
    tag: 'Notifications',
    auth: 'player',
    query: notificationsQuery,
    response: notificationListSchema,
  }),
  read: defineRoute({
    method: 'POST',
    path: '/api/notifications/read',
    summary: 'Marks the named notifications (`{ids}`, the player\'s own) or all of them (`{all: true}`) read',
    tag: 'Notifications',
    auth: 'player',
    body: readNotificationsBody,
    response: readNotificationsAnswer,
  }),
};

/** Friends (issue 25): requests, answers, the list with presence, a friend's card, removal. */
export const friendRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/friends',
    summary: "The player's friends (with presence, level, current character and whether they fight now) and their incoming and outgoing requests",
    tag: 'Friends',
    auth: 'player',
    response: friendsViewSchema,
  }),
  request: defineRoute({
    method: 'POST',
    path: '/api/friends/requests',
    summary: `Sends a friend request by username (400 yourself, 404 unknown, 409 already friends or requested or at ${MAX_FRIENDS} friends, 429 past ${FRIEND_REQUESTS_PER_HOUR} an hour)`,
    tag: 'Friends',
    auth: 'player',
    status: 201,
    body: friendRequestBody,
    response: friendRequestViewSchema,
  }),
  accept: defineRoute({
    method: 'POST',
    path: '/api/friends/requests/:id/accept',
    summary: `Accepts an incoming request (403 not the recipient, 404 unknown, 409 either side at ${MAX_FRIENDS} friends)`,
    tag: 'Friends',
    auth: 'player',
    params: idParams,
    response: friendsViewSchema,
  }),
  decline: defineRoute({
    method: 'POST',
    path: '/api/friends/requests/:id/decline',
    summary: 'Declines an incoming request, or withdraws an outgoing one (403 neither side, 404 unknown)',
    tag: 'Friends',
    auth: 'player',
    params: idParams,
    response: messageAnswer,
  }),
  remove: defineRoute({
    method: 'POST',
    path: '/api/friends/:id/remove',
    summary: 'Ends a friendship with the player of this id (404 when not friends)',
    tag: 'Friends',
    auth: 'player',
    params: idParams,
    response: messageAnswer,
  }),
  card: defineRoute({
    method: 'GET',
    path: '/api/friends/:id',
    summary: "A friend's card: current character (class, level, record, rating) and guild (404 when not friends)",
    tag: 'Friends',
    auth: 'player',
    params: idParams,
    response: friendCardSchema,
  }),
};

/** Direct challenges (issue 25): a friend or guild mate to a real-time duel, unrated and unpaid. */
export const challengeRoutes = {
  create: defineRoute({
    method: 'POST',
    path: '/api/challenges',
    summary: `Challenges a friend or guild mate to a real-time duel, open ${CHALLENGE_SECONDS} s (403 anyone else; 409 either side queued, fighting, on PvP cooldown, or a challenge pending between them; 429 past ${CHALLENGES_PER_HOUR} an hour). The challenged player gets challenge_received and a notification`,
    tag: 'Challenges',
    auth: 'player',
    status: 201,
    body: challengeBody,
    response: challengeViewSchema,
  }),
  accept: defineRoute({
    method: 'POST',
    path: '/api/challenges/:id/accept',
    summary: 'Accepts with one of your characters: the duel starts at once on /pvp for both (battle_found, battle_started); unrated, no credits or experience',
    tag: 'Challenges',
    auth: 'player',
    params: idParams,
    body: acceptChallengeBody,
    response: z.object({ battleId: z.number().int() }),
  }),
  decline: defineRoute({
    method: 'POST',
    path: '/api/challenges/:id/decline',
    summary: 'Declines a challenge (the challenger gets challenge_declined), or withdraws your own',
    tag: 'Challenges',
    auth: 'player',
    params: idParams,
    response: messageAnswer,
  }),
};
