import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { tooMany } from '../errors';

export const API_CEILING_MESSAGE = 'Too many requests from your address. Please slow down and try again in a moment.';

/**
 * A per-address ceiling on /api (API_RATE_LIMIT requests per minute, counted by this instance
 * in memory; behind a proxy, per forwarded address). It is a guard against a script hammering
 * the API, far above what a player's page sends; the game's own limits (chat, cooldowns,
 * logins, registrations) stay where they are. Sockets, pages, assets and the operator's
 * endpoints are not counted.
 */
export async function registerApiCeiling(app: FastifyInstance, config: Config): Promise<void> {
  if (config.API_RATE_LIMIT === 0) return;
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.API_RATE_LIMIT,
    timeWindow: 60_000,
    // The game's images (/api/assets) are cached by browsers for a year: not counted either.
    allowList: (request) => !request.url.startsWith('/api/') || request.url.startsWith('/api/assets/'),
    errorResponseBuilder: (_request, context) => tooMany(API_CEILING_MESSAGE, Math.ceil(context.ttl / 1000)),
  });
}
