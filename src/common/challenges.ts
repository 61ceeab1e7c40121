import { z } from 'zod';
import { idField } from './ids';

/** Direct challenges (issue 25): a friend or guild mate to a real-time duel, unrated and unpaid. */

export const CHALLENGE_SECONDS = 60;
export const CHALLENGES_PER_HOUR = 30;

export const CHALLENGE_MESSAGES = {
  username: 'Username is required',
  characterId: 'characterId must be a character id',
  yourself: 'You cannot challenge yourself',
  unknown: 'Player not found',
  notFriend: 'You can only challenge your friends and guild mates',
  pending: (name: string) => `There is already a challenge between you and ${name}`,
  notFound: 'Challenge not found',
  notYours: 'This challenge is not yours to answer',
  over: 'This challenge is no longer open',
  /** The player's own reason not to duel now, as precise as the lobby would say it. */
  youQueued: 'You are searching for a duel: leave the queue first',
  youFighting: 'You are in a duel already',
  youCooling: (seconds: number) => `Your PvP cooldown ends in ${seconds}s: challenge again then`,
  theyBusy: (name: string) => `${name} is queued, fighting or on their PvP cooldown`,
  listed: 'A character listed on the marketplace cannot fight. Withdraw the listing first.',
  /** A search refused while the player's own challenge waits for its answer. */
  waitingFor: (name: string) => `You challenged ${name}: wait for the answer, or withdraw the challenge first.`,
  noCharacter: (name: string) => `${name} has no fighter to duel with`,
  tooMany: (wait: string) => `You sent ${CHALLENGES_PER_HOUR} challenges in the last hour, the most allowed. Try again in ${wait}.`,
} as const;

export const challengeBody = z.object({
  username: z.string({ error: CHALLENGE_MESSAGES.username }).trim().min(1, CHALLENGE_MESSAGES.username).max(64, CHALLENGE_MESSAGES.unknown),
  characterId: idField(CHALLENGE_MESSAGES.characterId),
});
export type ChallengeBody = z.infer<typeof challengeBody>;

export const acceptChallengeBody = z.object({ characterId: idField(CHALLENGE_MESSAGES.characterId) });

export const challengeViewSchema = z.object({ id: z.number().int(), expiresAt: z.string() }).meta({ id: 'Challenge' });
export type ChallengeView = z.infer<typeof challengeViewSchema>;

/** The challenger as the challenged player sees them. */
export const challengerSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  character: z.object({ id: z.number().int(), name: z.string(), class: z.string(), level: z.number().int() }),
});
export type ChallengerView = z.infer<typeof challengerSchema>;
