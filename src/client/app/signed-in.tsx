import { lazy, Suspense } from 'react';
import type { PublicUser } from '@common/auth';
import { useFreshRecoveryCodes } from '@client/lib/recovery-codes-store';
import { GameRoutes } from './game-routes';
import { PlayerNavBar } from './player-nav';
import { ShellFrame } from './shell-frame';

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
