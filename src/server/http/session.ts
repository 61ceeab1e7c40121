import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { SESSION_IDLE_MS } from '../domain/accounts';
import { authenticate } from '../services/accounts';
import type { SessionUser } from '../context';
import { unauthorized } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser`; resolved at most once per request. */
    sessionUser: SessionUser | null | undefined;
  }
}

export interface SessionCookie {
  name: string;
  read(request: FastifyRequest): string | undefined;
  set(reply: FastifyReply, token: string): void;
  clear(reply: FastifyReply): void;
}

export function sessionCookie(config: Config): SessionCookie {
  // The __Host- prefix pins the cookie to this host over HTTPS (no Domain, Path=/).
  const name = config.COOKIE_SECURE ? '__Host-ga_session' : 'ga_session';
  const options = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.COOKIE_SECURE,
  };
  return {
    name,
    read: (request) => request.cookies[name] || undefined,
    set: (reply, token) => void reply.setCookie(name, token, { ...options, maxAge: SESSION_IDLE_MS / 1000 }),
    clear: (reply) => void reply.clearCookie(name, options),
  };
}

/** The signed-in user of a request, or null; looks the session up once per request. */
export async function currentUser(ctx: AppContext, cookie: SessionCookie, request: FastifyRequest): Promise<SessionUser | null> {
  if (request.sessionUser !== undefined) return request.sessionUser;
  const token = cookie.read(request);
  request.sessionUser = token ? await authenticate(ctx, token) : null;
  return request.sessionUser;
}

/** Route guard: 401 `{message}` without a live session. */
export function userGuard(ctx: AppContext, cookie: SessionCookie) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!(await currentUser(ctx, cookie, request))) throw unauthorized();
  };
}

/** The user of a guarded route. */
export function userOf(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized();
  return request.sessionUser;
}
