import { changePasswordBody, loginBody, publicUser, registerBody, registeredUser } from '../auth';
import { defineRoute, messageAnswer } from './contract';

/**
 * Accounts of SPEC §7 (register, login, logout, the current player) and the account page:
 * changing the password and signing out everywhere. Registering and logging in set the session
 * cookie; logging out and signing out everywhere clear it.
 */
export const accountRoutes = {
  register: defineRoute({
    method: 'POST',
    path: '/api/register',
    summary: 'Creates an account and signs it in (sets the session cookie); the answer carries its ten recovery codes, shown once',
    tag: 'Accounts',
    auth: 'public',
    status: 201,
    body: registerBody,
    response: registeredUser,
  }),
  login: defineRoute({
    method: 'POST',
    path: '/api/login',
    summary: "Signs in with username and password: a fresh session cookie, the browser's previous session ended",
    tag: 'Accounts',
    auth: 'public',
    body: loginBody,
    response: publicUser,
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/logout',
    summary: "Ends this browser's session (its open sockets close) and clears the cookie",
    tag: 'Accounts',
    auth: 'public',
    response: messageAnswer,
  }),
  user: defineRoute({
    method: 'GET',
    path: '/api/user',
    summary: 'The signed-in player with their credits (401 without a session)',
    tag: 'Accounts',
    auth: 'player',
    response: publicUser,
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/account/password',
    summary: 'Changes the password; every other session of the account ends, this one stays',
    tag: 'Accounts',
    auth: 'player',
    body: changePasswordBody,
    response: messageAnswer,
  }),
  signOutEverywhere: defineRoute({
    method: 'POST',
    path: '/api/account/sign-out-everywhere',
    summary: 'Ends every session of the account, this one too, and clears the cookie',
    tag: 'Accounts',
    auth: 'player',
    response: messageAnswer,
  }),
};
