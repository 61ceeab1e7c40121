import { lazy, Suspense } from 'react';
import type { PublicUser } from '@common/auth';
import { keepFocusInPlace } from '@client/lib/focus-rescue';
import { useFreshRecoveryCodes } from '@client/lib/recovery-codes-store';
import { GameRoutes } from './game-routes';
import { PlayerNavBar } from './player-nav';
import { ShellFrame } from './shell-frame';

// A pressed control that leaves the page leaves the focus where it was, not on the body. With the
// signed-in frame, not the login screen's code (whose weight e2e/client-weight.test.ts holds).
if (typeof document !== 'undefined') keepFocusInPlace(document);

/** Shown once after registering; its code loads only then. */
const FreshRecoveryCodes = lazy(async () => ({ default: (await import('@client/entities/user/recovery-codes')).FreshRecoveryCodes }));

/**
 * What a signed-in player sees around and in the screens: their top bar and the screens' table.
 * Its code loads with a signed-in page (which preloads it) or as a login starts, not with the
 * login screen (app.tsx).
 */
export function SignedInShell({ user, announcement }: { user: PublicUser; announcement: string }) {
  const freshCodes = useFreshRecoveryCodes();
  return (
    <ShellFrame header={<PlayerNavBar user={user} />} announcement={announcement}>
      {freshCodes ? (
        <Suspense fallback={null}>
          <FreshRecoveryCodes username={user.username} />
        </Suspense>
      ) : null}
      <GameRoutes />
    </ShellFrame>
  );
}
