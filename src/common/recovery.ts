import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './constants';
import { RECOVERY_MESSAGES } from './recovery-messages';

/** Account recovery without email (docs/decisions.md 'Account recovery'). */

export { RECOVERY_CODE_COUNT, RECOVERY_MESSAGES } from './recovery-messages';

export const regenerateCodesBody = z.object({
  password: z.string({ error: RECOVERY_MESSAGES.passwordNeeded }).min(1, RECOVERY_MESSAGES.passwordNeeded).max(1024),
});
export const recoveryCodesAnswer = z.object({ codes: z.array(z.string()) });

export const recoverBody = z.object({
  username: z.string({ error: RECOVERY_MESSAGES.invalid }).trim().min(1, RECOVERY_MESSAGES.invalid).max(200),
  code: z.string({ error: RECOVERY_MESSAGES.codeNeeded }).trim().min(1, RECOVERY_MESSAGES.codeNeeded).max(100),
  newPassword: z
    .string({ error: `Password must be at least ${PASSWORD_MIN} characters long` })
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters long`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters long`),
});
export type RecoverBody = z.infer<typeof recoverBody>;
