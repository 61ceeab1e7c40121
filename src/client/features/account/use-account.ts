import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { ChangePasswordBody } from '@common/auth';
import { errorMessage } from '@client/lib/api';
import { api } from '@client/lib/endpoints';
import { announceSession, endSession } from '@client/lib/session';
import { useAction } from '@client/lib/use-action';
import { toast } from '@client/ui/toast-store';

/**
 * `POST /api/account/password`: every other session of the account ends (their tabs and
 * devices show the login screen); this one stays.
 */
export function useChangePassword() {
  return useAction({
    mutationFn: (body: ChangePasswordBody) => api.accounts.changePassword({ body }),
    onSuccess: (answer) => {
      toast({ title: 'Password Changed', description: answer?.message, variant: 'success' });
    },
    onError: (err) => {
      toast({
        title: 'Password Change Failed',
        description: errorMessage(err, 'Failed to change password'),
        variant: 'destructive',
      });
    },
  });
}

/**
 * `POST /api/account/sign-out-everywhere`: every session ends, this one too. The other tabs of
 * this browser are told at once; this one returns to the login screen.
 */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useAction({
    mutationFn: () => api.accounts.signOutEverywhere(),
    onSuccess: (answer) => {
      announceSession({ type: 'signed-out' });
      navigate('/', { replace: true });
      endSession(queryClient);
      toast({ title: answer?.message || 'Signed out everywhere', variant: 'success' });
    },
    onError: (err) => {
      toast({ title: 'Sign Out Failed', description: errorMessage(err, 'Failed to sign out'), variant: 'destructive' });
    },
  });
}
