/** Query keys of the arena chat (a key is also the URL it reads). */
export const chatKeys = {
  /** `GET /api/chat/messages`: the latest messages, oldest first. */
  messages: ['/api/chat/messages'] as const,
};
