/** The arena chat's history size, rate and texts (SPEC §2 Arena chat), without schemas. */

import { CHAT_MESSAGE_MAX } from './constants';

export const CHAT_HISTORY_SIZE = 50;
export const CHAT_RATE_LIMIT = { messages: 5, windowMs: 10_000 } as const;

export const CHAT_MESSAGES = {
  empty: 'Message cannot be empty',
  tooLong: `Message must be at most ${CHAT_MESSAGE_MAX} characters`,
  rateLimited: 'You are sending messages too fast. Wait a few seconds and try again.',
} as const;
