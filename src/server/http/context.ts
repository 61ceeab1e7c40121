import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { SessionCookie } from './session';

/** What every route module gets from the app factory. */
export interface HttpContext {
  /** The services' context (database, bus, clock, log, configuration). */
  ctx: AppContext;
  cookie: SessionCookie;
  /** preHandler answering 401 without a live session; fills `request.sessionUser`. */
  requireUser: (request: FastifyRequest) => Promise<void>;
}
