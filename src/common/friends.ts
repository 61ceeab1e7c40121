import { z } from 'zod';

/** Friends (issue 25): requests by username, the list with presence, and a friend's card. */

export const MAX_FRIENDS = 200;
export const FRIEND_REQUESTS_PER_HOUR = 20;

export const FRIEND_MESSAGES = {
  username: 'Username is required',
  yourself: 'You cannot send a friend request to yourself',
  unknown: 'Player not found',
  alreadyFriends: (name: string) => `You and ${name} are already friends`,
  alreadyRequested: (name: string) => `You already sent ${name} a friend request`,
  theyRequested: (name: string) => `${name} already sent you a friend request: accept it instead`,
  yourLimit: `You already have ${MAX_FRIENDS} friends, the most a player may have. Remove one first.`,
  theirLimit: (name: string) => `${name} already has ${MAX_FRIENDS} friends, the most a player may have`,
  requestNotFound: 'Friend request not found',
  notYourRequest: 'This friend request is not yours to answer',
  notFriends: 'This player is not your friend',
  tooMany: (wait: string) => `You sent ${FRIEND_REQUESTS_PER_HOUR} friend requests in the last hour, the most allowed. Try again in ${wait}.`,
} as const;

export const friendRequestBody = z.object({
  username: z.string({ error: FRIEND_MESSAGES.username }).trim().min(1, FRIEND_MESSAGES.username).max(64, FRIEND_MESSAGES.unknown),
});

export const friendViewSchema = z
  .object({
    userId: z.number().int(),
    username: z.string(),
    /** An open socket on any instance. */
    online: z.boolean(),
    /** The current character's level and name; 0 and null without one. */
    level: z.number().int(),
    characterName: z.string().nullable(),
    /** Fighting a real-time or queued PvP battle now. */
    inBattle: z.boolean(),
  })
  .meta({ id: 'Friend' });
export type FriendView = z.infer<typeof friendViewSchema>;

export const friendRequestViewSchema = z
  .object({
    id: z.number().int(),
    /** The other player: the sender of an incoming request, the recipient of an outgoing one. */
    userId: z.number().int(),
    username: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'FriendRequest' });
export type FriendRequestView = z.infer<typeof friendRequestViewSchema>;

export const friendsViewSchema = z.object({
  friends: z.array(friendViewSchema),
  incoming: z.array(friendRequestViewSchema),
  outgoing: z.array(friendRequestViewSchema),
});
export type FriendsView = z.infer<typeof friendsViewSchema>;

/** A friend's card: their current character, record and guild. */
export const friendCardSchema = z
  .object({
    userId: z.number().int(),
    username: z.string(),
    online: z.boolean(),
    character: z
      .object({ id: z.number().int(), name: z.string(), class: z.string(), level: z.number().int(), wins: z.number().int(), losses: z.number().int(), rating: z.number().int() })
      .nullable(),
    guild: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  })
  .meta({ id: 'FriendCard' });
export type FriendCard = z.infer<typeof friendCardSchema>;
