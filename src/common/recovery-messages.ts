/** Account recovery's count of codes and its texts (docs/decisions.md 'Account recovery'), without schemas. */

export const RECOVERY_CODE_COUNT = 10;

export const RECOVERY_MESSAGES = {
  /** The same answer for an unknown player and a wrong or used code. */
  invalid: 'Invalid username or recovery code',
  passwordNeeded: 'Please enter your password',
  codeNeeded: 'Please enter a recovery code',
  wrongPassword: 'Your password is not correct',
  recovered: 'Your password has been changed and every other session signed out.',
  warning: 'Save these codes somewhere safe. Each one works once and they are shown only now: without them, a forgotten password loses the account.',
} as const;
