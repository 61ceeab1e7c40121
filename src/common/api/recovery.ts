import { publicUser } from '../auth';
import { recoverBody, recoveryCodesAnswer, regenerateCodesBody } from '../recovery';
import { defineRoute } from './contract';

/** Account recovery without email (docs/decisions.md 'Account recovery'): a new set of codes, and a password for a code. */
export const recoveryRoutes = {
  recoveryCodes: defineRoute({
    method: 'POST',
    path: '/api/account/recovery-codes',
    summary: 'Makes ten new recovery codes after checking the password; the old set stops working',
    tag: 'Accounts',
    auth: 'player',
    body: regenerateCodesBody,
    response: recoveryCodesAnswer,
  }),
  recover: defineRoute({
    method: 'POST',
    path: '/api/account/recover',
    summary: 'Sets a new password with a recovery code (used up), ends every session of the account and signs in; throttled like logins',
    tag: 'Accounts',
    auth: 'public',
    body: recoverBody,
    response: publicUser,
  }),
};
