import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { LoginBody, PublicUser, RegisterBody } from '@common/auth';
import { PRODUCT_NAME, STARTING_CREDITS } from '@common/constants';
import { toast } from '@client/ui/toast-store';
import { errorMessage, stopCalls } from './api';
import { api } from './endpoints';
import { announceSession, fetchCurrentUser, signingIn, startSession, USER_QUERY_KEY } from './session';
import { useAction } from './use-action';
import { keepFreshRecoveryCodes } from './recovery-codes-store';

export { USER_QUERY_KEY };

/** The logged-in player, or null when nobody is logged in (a 401 answers null). */
export function useCurrentUser() {
  const query = useQuery<PublicUser | null>({ queryKey: USER_QUERY_KEY, queryFn: fetchCurrentUser });
  return { ...query, user: query.data ?? null };
}

/** Logs in; on success stores the player, greets them and goes home. */
export function useLogin() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useAction({
    mutationFn: (body: LoginBody) => api.accounts.login({ body }),
    onMutate: signingIn,
    onSuccess: (user) => {
      startSession(queryClient, user);
      toast({ title: 'Welcome back!', description: `Ready to fight, ${user.username}?`, variant: 'success' });
      navigate('/');
    },
    onError: (err) => {
      toast({ title: 'Login Failed', description: errorMessage(err, 'Invalid credentials'), variant: 'destructive' });
    },
  });
}

/** Creates an account (logged in at once); on success stores the player and goes home. */
export function useRegister() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useAction({
    mutationFn: (body: RegisterBody) => api.accounts.register({ body }),
    onMutate: signingIn,
    onSuccess: ({ recoveryCodes, ...user }) => {
      startSession(queryClient, user);
      keepFreshRecoveryCodes(recoveryCodes);
      toast({
        title: `Welcome to ${PRODUCT_NAME}!`,
        description: `Account created successfully. You start with ${STARTING_CREDITS} credits!`,
        variant: 'success',
      });
      navigate('/');
    },
    onError: (err) => {
      toast({
        title: 'Registration Failed',
        description: errorMessage(err, 'Username already exists'),
        variant: 'destructive',
      });
    },
  });
}

/**
 * Logs out, tells the other tabs (they show the login screen too), then reloads the page so no
 * player data stays in memory. A failure is only logged.
 */
export function useLogout() {
  return useAction({
    mutationFn: () => api.accounts.logout(),
    onSuccess: () => {
      stopCalls();
      announceSession({ type: 'signed-out' });
      window.location.reload();
    },
    onError: (err) => {
      console.error('Logout failed:', err);
    },
  });
}
