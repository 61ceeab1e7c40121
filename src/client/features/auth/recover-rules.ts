import { PASSWORD_MISMATCH, type Checked } from './auth-rules';

export interface RecoverFormValues {
  username: string;
  code: string;
  newPassword: string;
  confirm: string;
}

/**
 * The recovery form: every field filled and the new password typed twice alike (a typo here
 * would lock the player out again, with one code fewer); the server checks the rest.
 */
export function checkRecover(form: RecoverFormValues): Checked<{ username: string; code: string; newPassword: string }> {
  if (!form.username.trim() || !form.code.trim() || !form.newPassword || !form.confirm) {
    return { problem: { title: 'Missing Information', description: 'Please enter your username, a recovery code and a new password twice' } };
  }
  if (form.newPassword !== form.confirm) return { problem: PASSWORD_MISMATCH };
  return { body: { username: form.username.trim(), code: form.code.trim(), newPassword: form.newPassword } };
}
