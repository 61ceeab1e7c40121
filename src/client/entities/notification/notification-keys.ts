/** Query keys of notifications (a key is also the URL it reads). */
export const notificationKeys = {
  /** `GET /api/notifications`: the pages read so far. */
  all: ['/api/notifications'] as const,
};
