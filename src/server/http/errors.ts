import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import { isDatabaseUnreachable, isRetryableConflict } from '../db/recovery';
import { AppError, badRequest } from '../errors';
import { IdempotentReplay } from '../services/transaction';
import { REPLAYED_HEADER } from './idempotency';

/** Parses a body, query or params with its shared schema; the first problem becomes a 400. */
export function parse<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Invalid request');
  return result.data;
}

export const BUSY_MESSAGES = {
  conflict: 'Another of your actions was being handled at the same moment. Please try again.',
  unavailable: 'The game is briefly unavailable. Please try again in a moment.',
} as const;

/** Every failure leaves as JSON `{message}` with a fitting status; 5xx never show internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | IdempotentReplay, request, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfterSeconds !== undefined) void reply.header('retry-after', String(Math.max(1, err.retryAfterSeconds)));
      return reply.status(err.status).send({ message: err.message });
    }
    // A repeated Idempotency-Key: the first answer again, nothing done twice.
    if (err instanceof IdempotentReplay) return reply.status(err.status).header(REPLAYED_HEADER, 'true').send(err.answer);
    // Still deadlocked after every retry (db/recovery.ts): the player's action met others of theirs.
    if (isRetryableConflict(err)) return reply.status(409).send({ message: BUSY_MESSAGES.conflict });
    if (isDatabaseUnreachable(err)) {
      request.log.warn({ err }, 'database unavailable');
      return reply.status(503).header('retry-after', '2').send({ message: BUSY_MESSAGES.unavailable });
    }
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.status(500).send({ message: 'Internal server error' });
    }
    return reply.status(status).send({ message: err.message || 'Bad request' });
  });
}
