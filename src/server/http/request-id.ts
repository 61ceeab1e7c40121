import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/** The header a proxy sets and every answer carries (docs/decisions.md 'Request ids'). */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What a proxy may hand us as an id: nginx's `$request_id` (32 hex digits), a UUID, or any
 * short token of letters, digits and `-_.:`. Anything else (a log injection, a novel) is
 * replaced by an id of our own.
 */
const ACCEPTED = /^[\w.:-]{8,128}$/;

/** The request's id while its work runs, for log lines written through `ctx.log`. */
const current = new AsyncLocalStorage<string>();

/**
 * The request id: the proxy's `X-Request-Id` when TRUST_PROXY is on and it looks like an id,
 * otherwise a new UUID. Fastify puts it on every line of `request.log` as `reqId` (its default label).
 */
export function requestIdOptions(config: Config): Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader'> {
  return {
    requestIdHeader: false,
    genReqId(request: IncomingMessage) {
      if (config.TRUST_PROXY) {
        const given = request.headers[REQUEST_ID_HEADER];
        if (typeof given === 'string' && ACCEPTED.test(given)) return given;
      }
      return randomUUID();
    },
  };
}

/**
 * Pino's mixin: a line written during a request through a logger that is not the request's
 * own (the services' `ctx.log`) carries the request's id as well.
 */
export function requestIdMixin(_merge: object, _level: number, logger?: { bindings(): Record<string, unknown> }): Record<string, string> {
  const id = current.getStore();
  if (id === undefined || (logger && 'reqId' in logger.bindings())) return {};
  return { reqId: id };
}

/** Every answer carries its request's id; the request's work runs with the id in scope. */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    current.run(request.id, done);
  });
}
