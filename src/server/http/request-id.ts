import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config';
import type { AppContext } from '../context';

/** The header a proxy sets and every answer carries (docs/decisions.md 'Request ids'). */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What a proxy may hand us as an id: nginx's `$request_id` (32 hex digits), a UUID, or any
 * short token of letters, digits and `-_.:`. Anything else (a log injection, a novel) is
 * replaced by an id of our own.
 */
const ACCEPTED = /^[\w.:-]{8,128}$/;

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

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The services' context for this request: the app's, with the request's own logger, so a
     * line a service writes while it serves the request carries the request's id (`reqId`).
     */
    ctx: AppContext;
  }
}

/**
 * Every answer carries its request's id, and every request gets its services' context: the app's
 * (made after the hooks, so `appContext` answers it) with the request's logger. Not an
 * AsyncLocalStorage: on Node 20 one turns on a hook for every promise of the process, a player's
 * socket moves included (about 3 % of the server's main thread under duel load).
 */
export function registerRequestIds(app: FastifyInstance, appContext: () => AppContext): void {
  app.decorateRequest('ctx', null as unknown as AppContext);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    request.ctx = { ...appContext(), log: request.log };
    done();
  });
}
