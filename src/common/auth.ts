import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './constants';
import { isReservedName } from './reserved-names';

/** Exact texts the server answers for account validation (client shows them as given). */
export const AUTH_MESSAGES = {
  usernameLength: `Username must be ${USERNAME_MIN}-${USERNAME_MAX} characters long`,
  usernameChars: 'Username may only contain letters, digits, _ and -',
  passwordShort: `Password must be at least ${PASSWORD_MIN} characters long`,
  passwordLong: `Password must be at most ${PASSWORD_MAX} characters long`,
  missing: 'Please enter both username and password',
  usernameTaken: 'Username already exists',
  usernameReserved: 'That username is reserved. Please choose another.',
  invalidCredentials: 'Invalid username or password',
  tooManyAttempts: 'Too many failed login attempts. Please try again later.',
  authRequired: 'Authentication required',
  loggedOut: 'Logged out',
  wrongCurrentPassword: 'Your current password is not correct',
  samePassword: 'The new password must differ from the current one',
  passwordChanged: 'Password changed. Every other session of your account has been signed out.',
  signedOutEverywhere: 'Signed out everywhere',
} as const;

const username = z
  .string({ error: AUTH_MESSAGES.missing })
  .trim()
  .min(USERNAME_MIN, AUTH_MESSAGES.usernameLength)
  .max(USERNAME_MAX, AUTH_MESSAGES.usernameLength)
  .regex(/^[A-Za-z0-9_-]+$/, AUTH_MESSAGES.usernameChars)
  .refine((name) => !isReservedName(name), AUTH_MESSAGES.usernameReserved);

const password = z
  .string({ error: AUTH_MESSAGES.missing })
  .min(PASSWORD_MIN, AUTH_MESSAGES.passwordShort)
  .max(PASSWORD_MAX, AUTH_MESSAGES.passwordLong);

export const registerBody = z.object({ username, password });

/** `POST /api/account/password`: the current password, and the new one under the rules of registration. */
export const changePasswordBody = z
  .object({
    currentPassword: z.string({ error: 'Please enter your current password' }).min(1, 'Please enter your current password').max(1024),
    newPassword: password,
  })
  .refine((b) => b.currentPassword !== b.newPassword, { error: AUTH_MESSAGES.samePassword, path: ['newPassword'] });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
export type RegisterBody = z.infer<typeof registerBody>;

/** Login accepts any non-empty strings: the rules of registration are not revealed here. */
export const loginBody = z.object({
  username: z.string({ error: AUTH_MESSAGES.missing }).trim().min(1, AUTH_MESSAGES.missing).max(200),
  password: z.string({ error: AUTH_MESSAGES.missing }).min(1, AUTH_MESSAGES.missing).max(1024),
});
export type LoginBody = z.infer<typeof loginBody>;

/** `GET /api/user` and the answer of login and register. */
export const publicUser = z
  .object({
    id: z.number().int(),
    username: z.string(),
    credits: z.number().int(),
    /** player, moderator or admin: staff see the Moderation screen. */
    role: z.enum(['player', 'moderator', 'admin']).optional(),
    /** Until when a moderator muted the player's chat (ISO); absent when not muted. */
    mutedUntil: z.string().optional(),
  })
  .meta({ id: 'User' });
export type PublicUser = z.infer<typeof publicUser>;

/** The register answer: the player, and their ten recovery codes, shown once (docs/decisions.md 'Account recovery'). */
export const registeredUser = publicUser.extend({ recoveryCodes: z.array(z.string()) });
