import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import { userOf } from './session';

/** The request header that makes a player's action safe to repeat (services/transaction.ts). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Sent on an answer that repeats a stored one instead of acting again. */
export const REPLAYED_HEADER = 'idempotent-replayed';

const VALID_KEY = /^[\x21-\x7e]{1,200}$/;
export const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 1-200 visible ASCII characters';

/**
 * The context of a player's action that moves credits or items: with an `Idempotency-Key`
 * header, the service claims the key in its transaction and stores its answer there; without
 * one, the action runs as before. `status` is what the action's success answers with.
 */
export function action(ctx: AppContext, request: FastifyRequest, status = 200): AppContext {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return ctx;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !VALID_KEY.test(key)) throw badRequest(IDEMPOTENCY_KEY_MESSAGE);
  const path = request.url.split('?')[0] ?? request.url;
  const fingerprint = createHash('sha256')
    .update(`${request.method} ${path}\n${JSON.stringify(request.body ?? null)}`)
    .digest('base64url');
  return { ...ctx, idempotency: { userId: userOf(request).id, key, fingerprint, status } };
}
