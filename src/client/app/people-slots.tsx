import { lazy, Suspense } from 'react';
import type { PublicUser } from '@common/auth';

// The bell and challenges come after the first screen (their socket and schemas are not in its chunk).
const LazyBell = lazy(async () => ({ default: (await import('@client/features/notifications/notification-bell')).NotificationBell }));
const LazyChallengePrompt = lazy(async () => ({ default: (await import('@client/features/notifications/challenge-prompt')).ChallengePrompt }));

export function NotificationBell({ user }: { user: PublicUser }) {
  return (
    <Suspense fallback={null}>
      <LazyBell user={user} />
    </Suspense>
  );
}

export function ChallengePrompt() {
  return (
    <Suspense fallback={null}>
      <LazyChallengePrompt />
    </Suspense>
  );
}
