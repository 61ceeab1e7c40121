import { AUTH_MESSAGES, loginBody, registerBody, type LoginBody, type RegisterBody } from '@common/auth';

/** What is wrong with a form, as the toast shows it. */
export interface FormProblem {
  title: string;
  description: string;
}

/** The body to send, or the first problem. */
export type Checked<T> = { body: T } | { problem: FormProblem };

export interface LoginFormValues {
  username: string;
  password: string;
}

export interface RegisterFormValues extends LoginFormValues {
  confirm: string;
}

/** The confirmation differs from the password: the problem every password form tells the same way. */
export const PASSWORD_MISMATCH: FormProblem = { title: 'Password Mismatch', description: 'Passwords do not match' };

/** Toast titles for the rules of the shared schemas; the text is the schema's own message. */
const TITLES: Record<string, string> = {
  [AUTH_MESSAGES.missing]: 'Missing Information',
  [AUTH_MESSAGES.passwordShort]: 'Password Too Short',
  [AUTH_MESSAGES.passwordLong]: 'Password Too Long',
  [AUTH_MESSAGES.usernameLength]: 'Invalid Username',
  [AUTH_MESSAGES.usernameChars]: 'Invalid Username',
  [AUTH_MESSAGES.usernameReserved]: 'Invalid Username',
};

function firstProblem(issues: readonly { message: string }[], fallbackTitle: string): FormProblem {
  const description = issues[0]?.message ?? AUTH_MESSAGES.missing;
  return { title: TITLES[description] ?? fallbackTitle, description };
}

/** The login form under the shared `loginBody`: both fields given. */
export function checkLogin(form: LoginFormValues): Checked<LoginBody> {
  const parsed = loginBody.safeParse(form);
  return parsed.success ? { body: parsed.data } : { problem: firstProblem(parsed.error.issues, 'Login Failed') };
}

/**
 * The register form: every field filled, the confirmation matching, then the shared
 * `registerBody` rules (the username's length, characters and reserved names, the password's
 * length), the first broken one told.
 */
export function checkRegister(form: RegisterFormValues): Checked<RegisterBody> {
  if (!form.username.trim() || !form.password || !form.confirm) {
    return { problem: { title: 'Missing Information', description: 'Please fill in all fields' } };
  }
  if (form.password !== form.confirm) return { problem: PASSWORD_MISMATCH };
  const parsed = registerBody.safeParse({ username: form.username, password: form.password });
  return parsed.success ? { body: parsed.data } : { problem: firstProblem(parsed.error.issues, 'Registration Failed') };
}
