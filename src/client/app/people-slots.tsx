import { lazy, Suspense } from 'react';
import type { PublicUser } from '@common/auth';
import { useChallenges } from '@client/features/notifications/challenge-listener';

// The bell comes after the first screen (its socket and schemas are not in its chunk); the
// challenge cards with the first challenge received.
const LazyBell = lazy(async () => ({ default: (await import('@client/features/notifications/notification-bell')).NotificationBell }));
const LazyChallengeCards = lazy(async () => ({ default: (await import('@client/features/notifications/challenge-prompt')).ChallengeCards }));

export function NotificationBell({ user }: { user: PublicUser }) {
  return (
    <Suspense fallback={null}>
      <LazyBell user={user} />
    </Suspense>
  );
}

export function ChallengePrompt() {
  const { open, gone } = useChallenges();
  if (open.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <LazyChallengeCards open={open} onGone={gone} />
    </Suspense>
  );
}
