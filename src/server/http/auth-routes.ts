import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, loginBody, registerBody } from '@common/auth';
import * as accounts from '../services/accounts';
import { parse } from './errors';
import type { HttpContext } from './context';

/** Accounts of SPEC §7: register, login, logout, current user. */
export function registerAuthRoutes(app: FastifyInstance, { db, cookie, requireUser }: HttpContext): void {
  app.post('/api/register', async (request, reply) => {
    const body = parse(registerBody, request.body);
    const { user, token } = await accounts.register(db, body);
    cookie.set(reply, token);
    return reply.status(201).send(user);
  });

  app.post('/api/login', async (request, reply) => {
    const body = parse(loginBody, request.body);
    const { user, token } = await accounts.login(db, body);
    // A fresh token at every login; the session the browser held before is ended.
    const previous = cookie.read(request);
    if (previous) await accounts.logout(db, previous);
    cookie.set(reply, token);
    return user;
  });

  app.post('/api/logout', async (request, reply) => {
    const token = cookie.read(request);
    const userId = token ? await accounts.logout(db, token) : null;
    // The user's open sockets close too, on every instance.
    if (userId !== null) await app.gateway.disconnectUser(userId);
    cookie.clear(reply);
    return { message: AUTH_MESSAGES.loggedOut };
  });

  app.get('/api/user', { preHandler: requireUser }, async (request) => request.sessionUser);
}
