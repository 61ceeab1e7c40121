import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { SessionCookie } from './session';

/** What every route module gets from the app factory. */
export interface HttpContext {
  config: Config;
  db: Db;
  cookie: SessionCookie;
  /** preHandler answering 401 without a live session; fills `request.sessionUser`. */
  requireUser: (request: FastifyRequest) => Promise<void>;
}
