import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './constants';

/** Exact texts the server answers for account validation (client shows them as given). */
export const AUTH_MESSAGES = {
  usernameLength: `Username must be ${USERNAME_MIN}-${USERNAME_MAX} characters long`,
  usernameChars: 'Username may only contain letters, digits, _ and -',
  passwordShort: `Password must be at least ${PASSWORD_MIN} characters long`,
  passwordLong: `Password must be at most ${PASSWORD_MAX} characters long`,
  missing: 'Please enter both username and password',
  usernameTaken: 'Username already exists',
  invalidCredentials: 'Invalid username or password',
  tooManyAttempts: 'Too many failed login attempts. Please try again later.',
  authRequired: 'Authentication required',
  loggedOut: 'Logged out',
} as const;

const username = z
  .string({ error: AUTH_MESSAGES.missing })
  .trim()
  .min(USERNAME_MIN, AUTH_MESSAGES.usernameLength)
  .max(USERNAME_MAX, AUTH_MESSAGES.usernameLength)
  .regex(/^[A-Za-z0-9_-]+$/, AUTH_MESSAGES.usernameChars);

const password = z
  .string({ error: AUTH_MESSAGES.missing })
  .min(PASSWORD_MIN, AUTH_MESSAGES.passwordShort)
  .max(PASSWORD_MAX, AUTH_MESSAGES.passwordLong);

export const registerBody = z.object({ username, password });
export type RegisterBody = z.infer<typeof registerBody>;

/** Login accepts any non-empty strings: the rules of registration are not revealed here. */
export const loginBody = z.object({
  username: z.string({ error: AUTH_MESSAGES.missing }).trim().min(1, AUTH_MESSAGES.missing).max(200),
  password: z.string({ error: AUTH_MESSAGES.missing }).min(1, AUTH_MESSAGES.missing).max(1024),
});
export type LoginBody = z.infer<typeof loginBody>;

/** `GET /api/user` and the answer of login and register. */
export const publicUser = z.object({
  id: z.number().int(),
  username: z.string(),
  credits: z.number().int(),
});
export type PublicUser = z.infer<typeof publicUser>;

/** Every error answer of the API. */
export const errorBody = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;
