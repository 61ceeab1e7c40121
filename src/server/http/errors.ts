import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import { AppError, badRequest } from '../services/errors';
import { IdempotentReplay } from '../services/transaction';
import { REPLAYED_HEADER } from './idempotency';

/** Parses a body, query or params with its shared schema; the first problem becomes a 400. */
export function parse<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Invalid request');
  return result.data;
}

/** Every failure leaves as JSON `{message}` with a fitting status; 5xx never show internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | IdempotentReplay, request, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfterSeconds !== undefined) void reply.header('retry-after', String(Math.max(1, err.retryAfterSeconds)));
      return reply.status(err.status).send({ message: err.message });
    }
    // A repeated Idempotency-Key: the first answer again, nothing done twice.
    if (err instanceof IdempotentReplay) return reply.status(err.status).header(REPLAYED_HEADER, 'true').send(err.answer);
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.status(500).send({ message: 'Internal server error' });
    }
    return reply.status(status).send({ message: err.message || 'Bad request' });
  });
}
