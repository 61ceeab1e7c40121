import { z } from 'zod';
import { CHAT_MESSAGE_MAX } from './constants';
import { TEXT_MESSAGES, textProblem } from './text';
import { CHAT_HISTORY_SIZE, CHAT_MESSAGES } from './chat-limits';

/** Arena chat (SPEC §2 Arena chat, §3 Chat message, DESIGN §4 chat). */

export { CHAT_HISTORY_SIZE, CHAT_MESSAGES, CHAT_RATE_LIMIT } from './chat-limits';

/** `GET /api/chat/messages` items, the socket's `chat_message` payload. */
export const chatMessageViewSchema = z
  .object({
    id: z.number().int(),
    /** null for system messages. */
    userId: z.number().int().nullable(),
    username: z.string(),
    /** The text; `text` carries the same for clients of the socket form. */
    message: z.string(),
    text: z.string(),
    type: z.enum(['player', 'system']),
    createdAt: z.string(),
    /** A moderator's or admin's message carries a badge. */
    authorRole: z.enum(['moderator', 'admin']).optional(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessageView = z.infer<typeof chatMessageViewSchema>;

export const chatText = z
  .string({ error: CHAT_MESSAGES.empty })
  .trim()
  .min(1, CHAT_MESSAGES.empty)
  .max(CHAT_MESSAGE_MAX, CHAT_MESSAGES.tooLong)
  .superRefine((text, ctx) => {
    const problem = textProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem === TEXT_MESSAGES.invisible ? CHAT_MESSAGES.empty : `Message ${problem}` });
  });

/** `POST /api/chat/messages`. */
export const postChatBody = z.object({ message: chatText });

/** `GET /api/chat/messages?before=<id>&limit=`: the last messages, oldest first. */
export const chatHistoryQuery = z.object({
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_HISTORY_SIZE).default(CHAT_HISTORY_SIZE),
});
