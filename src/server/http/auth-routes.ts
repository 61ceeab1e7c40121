import type { FastifyInstance } from 'fastify';
import { accountRoutes } from '@common/api/accounts';
import { recoveryRoutes } from '@common/api/recovery';
import { AUTH_MESSAGES } from '@common/auth';
import * as accounts from '../services/accounts';
import * as recovery from '../services/recovery';
import type { HttpContext } from './context';
import { serve } from './contract';
import { userOf } from './session';

/**
 * Accounts of SPEC §7 (register, login, logout, current user) and the account page: changing
 * the password (which ends every other session) and signing out everywhere.
 */
export function registerAuthRoutes(app: FastifyInstance, http: HttpContext): void {
  const { cookie } = http;

  serve(app, http, accountRoutes.register, async ({ body }, request, reply) => {
    const { user, token, recoveryCodes = [] } = await accounts.register(request.ctx, body, { address: request.ip });
    cookie.set(reply, token);
    return { ...user, recoveryCodes };
  });

  serve(app, http, accountRoutes.login, async ({ body }, request, reply) => {
    const { user, token } = await accounts.login(request.ctx, body, { address: request.ip });
    // A fresh token at every login; the session the browser held before is ended.
    const previous = cookie.read(request);
    if (previous) await accounts.logout(request.ctx, previous);
    cookie.set(reply, token);
    return user;
  });

  serve(app, http, accountRoutes.logout, async (_, request, reply) => {
    const token = cookie.read(request);
    const userId = token ? await accounts.logout(request.ctx, token) : null;
    // The session's open sockets close too, on every instance; the player's other sessions stay.
    if (userId !== null && token) await app.gateway.disconnectUser(userId, { onlySession: accounts.hashToken(token) });
    cookie.clear(reply);
    return { message: AUTH_MESSAGES.loggedOut };
  });

  serve(app, http, accountRoutes.user, async (_, request) => accounts.publicUser(request.ctx, userOf(request).id));

  serve(app, http, accountRoutes.changePassword, async ({ body }, request) => {
    const userId = userOf(request).id;
    const token = cookie.read(request)!;
    await accounts.changePassword(request.ctx, userId, token, body, { address: request.ip });
    // Every other tab, device and instance is signed out; this session stays.
    await app.gateway.disconnectUser(userId, { exceptSession: accounts.hashToken(token) });
    return { message: AUTH_MESSAGES.passwordChanged };
  });

  serve(app, http, accountRoutes.signOutEverywhere, async (_, request, reply) => {
    const userId = userOf(request).id;
    await accounts.signOutEverywhere(request.ctx, userId);
    await app.gateway.disconnectUser(userId);
    cookie.clear(reply);
    return { message: AUTH_MESSAGES.signedOutEverywhere };
  });

  serve(app, http, recoveryRoutes.recoveryCodes, async ({ body }, request) => ({
    codes: await recovery.regenerateCodes(request.ctx, userOf(request).id, body.password, { address: request.ip }),
  }));

  serve(app, http, recoveryRoutes.recover, async ({ body }, request, reply) => {
    const { user, token } = await recovery.recover(request.ctx, body, { address: request.ip });
    // Whoever held the account's sessions is signed out everywhere, sockets too.
    await app.gateway.disconnectUser(user.id, { exceptSession: accounts.hashToken(token) });
    cookie.set(reply, token);
    return user;
  });
}
