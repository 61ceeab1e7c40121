import { AUTH_MESSAGES, changePasswordBody, type ChangePasswordBody } from '@common/auth';

/** The three fields of the change-password form. */
export interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordField = keyof PasswordForm;

export interface PasswordProblem {
  /** The field to mark and focus. */
  field: PasswordField;
  /** Toast title and text. */
  title: string;
  description: string;
}

/** Toast titles for the rules of the shared schema; the text is the schema's own message. */
const TITLES: Record<string, string> = {
  [AUTH_MESSAGES.passwordShort]: 'Password Too Short',
  [AUTH_MESSAGES.passwordLong]: 'Password Too Long',
  [AUTH_MESSAGES.samePassword]: 'Same Password',
};

/**
 * Checks the form before anything is sent, in the order of the register form: the current
 * password given, then the confirmation matching ('Password Mismatch' / 'Passwords do not
 * match'), then the shared `changePasswordBody` rules for the new password (long enough, not too
 * long, not the current one). Answers the body to send, or the first problem.
 */
export function checkPasswordChange(form: PasswordForm): { body: ChangePasswordBody } | { problem: PasswordProblem } {
  const parsed = changePasswordBody.safeParse({ currentPassword: form.currentPassword, newPassword: form.newPassword });
  const issues = parsed.success ? [] : parsed.error.issues;
  const current = issues.find((issue) => issue.path[0] === 'currentPassword');
  if (current) {
    return { problem: { field: 'currentPassword', title: 'Missing Information', description: current.message } };
  }
  if (form.newPassword !== form.confirmPassword) {
    return { problem: { field: 'confirmPassword', title: 'Password Mismatch', description: 'Passwords do not match' } };
  }
  if (!parsed.success) {
    const issue = issues.find((i) => i.path[0] === 'newPassword') ?? issues[0];
    const description = issue?.message ?? AUTH_MESSAGES.passwordShort;
    return { problem: { field: 'newPassword', title: TITLES[description] ?? 'Invalid Password', description } };
  }
  return { body: parsed.data };
}
