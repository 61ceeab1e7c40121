import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@common/auth';
import { checkPasswordChange, type PasswordForm } from './account-rules';

const form = (currentPassword: string, newPassword: string, confirmPassword = newPassword): PasswordForm => ({
  currentPassword,
  newPassword,
  confirmPassword,
});

const problemOf = (f: PasswordForm) => {
  const checked = checkPasswordChange(f);
  return 'problem' in checked ? checked.problem : null;
};

describe('checkPasswordChange', () => {
  it('answers the body to send when every rule holds', () => {
    expect(checkPasswordChange(form('old-pass', 'new-pass'))).toEqual({
      body: { currentPassword: 'old-pass', newPassword: 'new-pass' },
    });
  });

  it('needs the current password first', () => {
    expect(problemOf(form('', 'new-pass', 'other'))).toEqual({
      field: 'currentPassword',
      title: 'Missing Information',
      description: 'Please enter your current password',
    });
  });

  it('then a confirmation that matches, with the texts of the register form', () => {
    expect(problemOf(form('old-pass', 'new-pass', 'new-pasS'))).toEqual({
      field: 'confirmPassword',
      title: 'Password Mismatch',
      description: 'Passwords do not match',
    });
    // Even when the new password is also too short: the mismatch is told first, as on register.
    expect(problemOf(form('old-pass', 'ab', 'abc'))?.title).toBe('Password Mismatch');
  });

  it("then the shared schema's rules for the new password", () => {
    expect(problemOf(form('old-pass', 'ab'))).toEqual({
      field: 'newPassword',
      title: 'Password Too Short',
      description: AUTH_MESSAGES.passwordShort,
    });
    expect(problemOf(form('old-pass', ''))).toMatchObject({ field: 'newPassword', description: AUTH_MESSAGES.passwordShort });
    expect(problemOf(form('old-pass', 'x'.repeat(129)))).toEqual({
      field: 'newPassword',
      title: 'Password Too Long',
      description: AUTH_MESSAGES.passwordLong,
    });
    expect(problemOf(form('same-pass', 'same-pass'))).toEqual({
      field: 'newPassword',
      title: 'Same Password',
      description: AUTH_MESSAGES.samePassword,
    });
  });
});
