import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, changePasswordBody, loginBody, registerBody } from '@common/auth';
import * as accounts from '../services/accounts';
import { parse } from './errors';
import type { HttpContext } from './context';
import { userOf } from './session';

/**
 * Accounts of SPEC §7 (register, login, logout, current user) and the account page: changing
 * the password (which ends every other session) and signing out everywhere.
 */
export function registerAuthRoutes(app: FastifyInstance, { ctx, cookie, requireUser }: HttpContext): void {
  app.post('/api/register', async (request, reply) => {
    const body = parse(registerBody, request.body);
    const { user, token } = await accounts.register(ctx, body, { address: request.ip });
    cookie.set(reply, token);
    return reply.status(201).send(user);
  });

  app.post('/api/login', async (request, reply) => {
    const body = parse(loginBody, request.body);
    const { user, token } = await accounts.login(ctx, body, { address: request.ip });
    // A fresh token at every login; the session the browser held before is ended.
    const previous = cookie.read(request);
    if (previous) await accounts.logout(ctx, previous);
    cookie.set(reply, token);
    return user;
  });

  app.post('/api/logout', async (request, reply) => {
    const token = cookie.read(request);
    const userId = token ? await accounts.logout(ctx, token) : null;
    // The session's open sockets close too, on every instance; the player's other sessions stay.
    if (userId !== null && token) await app.gateway.disconnectUser(userId, { onlySession: accounts.hashToken(token) });
    cookie.clear(reply);
    return { message: AUTH_MESSAGES.loggedOut };
  });

  app.get('/api/user', { preHandler: requireUser }, async (request) => accounts.publicUser(ctx, userOf(request).id));

  app.post('/api/account/password', { preHandler: requireUser }, async (request) => {
    const body = parse(changePasswordBody, request.body);
    const userId = userOf(request).id;
    const token = cookie.read(request)!;
    await accounts.changePassword(ctx, userId, token, body, { address: request.ip });
    // Every other tab, device and instance is signed out; this session stays.
    await app.gateway.disconnectUser(userId, { exceptSession: accounts.hashToken(token) });
    return { message: AUTH_MESSAGES.passwordChanged };
  });

  app.post('/api/account/sign-out-everywhere', { preHandler: requireUser }, async (request, reply) => {
    const userId = userOf(request).id;
    await accounts.signOutEverywhere(ctx, userId);
    await app.gateway.disconnectUser(userId);
    cookie.clear(reply);
    return { message: AUTH_MESSAGES.signedOutEverywhere };
  });
}
