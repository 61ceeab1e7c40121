import type { QueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@common/auth';
import { userKeys } from './user-keys';

/** Shows the player's new balance at once, before the player is read again. */
export function setUserCredits(queryClient: QueryClient, credits: number): void {
  queryClient.setQueryData<PublicUser | null>(userKeys.me, (old) => (old ? { ...old, credits } : old));
}
