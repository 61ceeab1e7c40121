import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_HINT_COOKIE } from '@common/constants';
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
  /** The session cookie and, after it, the hint the page reads (SESSION_HINT_COOKIE). */
  set(reply: FastifyReply, token: string): void;
  clear(reply: FastifyReply): void;
  /** The hint alone: whether the page is told that a session cookie is held. */
  hint(request: FastifyRequest): boolean;
  setHint(reply: FastifyReply): void;
  clearHint(reply: FastifyReply): void;
}

export function sessionCookie(config: Config): SessionCookie {
  // The __Host- prefix pins the cookie to this host over HTTPS (no Domain, Path=/).
  const prefix = config.COOKIE_SECURE ? '__Host-' : '';
  const name = `${prefix}ga_session`;
  const hintName = `${prefix}${SESSION_HINT_COOKIE}`;
  const options = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.COOKIE_SECURE,
  };
  const hintOptions = { ...options, httpOnly: false };
  const maxAge = SESSION_IDLE_MS / 1000;
  const secure = config.COOKIE_SECURE ? '; Secure' : '';
  return {
    name,
    read: (request) => request.cookies[name] || undefined,
    set: (reply, token) => {
      void reply.setCookie(name, token, { ...options, maxAge });
      void reply.setCookie(hintName, '1', { ...hintOptions, maxAge });
    },
    clear: (reply) => {
      void reply.clearCookie(name, options);
      void reply.clearCookie(hintName, hintOptions);
    },
    hint: (request) => request.cookies[hintName] === '1',
    // Written as headers: the page hook runs after the cookie plugin has written its cookies.
    setHint: (reply) => void reply.header('set-cookie', `${hintName}=1; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`),
    clearHint: (reply) => void reply.header('set-cookie', `${hintName}=; Max-Age=0; Path=/; SameSite=Lax${secure}`),
  };
}

/**
 * Every page (an HTML answer) leaves with the hint right: present while the request's session
 * is live, gone otherwise, so a logged-out page never asks for GET /api/user and a page whose
 * session the server lost (a restart of an in-memory store, an expiry) does not keep asking.
 * Only pages pay the session look-up (cached), never API answers.
 */
export function registerSessionHint(app: FastifyInstance, ctx: AppContext, cookie: SessionCookie): void {
  app.addHook('onSend', async (request, reply) => {
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('text/html')) return;
    if (!request.cookies) return;
    const live = cookie.read(request) !== undefined && (await currentUser(ctx, cookie, request)) !== null;
    if (live && !cookie.hint(request)) cookie.setHint(reply);
    else if (!live && cookie.hint(request)) cookie.clearHint(reply);
  });
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
