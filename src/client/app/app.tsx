import { lazy, Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { queryClient } from '@client/lib/query-client';
import { onSigningIn, USER_QUERY_KEY, useSessionCheckOnNavigate, useSessionSync } from '@client/lib/session';
import { hasSessionHint } from '@client/lib/session-hint';
import { applyStoredSettings } from '@client/lib/settings';
import { warmLoad } from '@client/lib/warm-load';
import { useCurrentUser } from '@client/lib/use-auth';
import { useCurrentToast } from '@client/ui/toast-store';
import { SignedOutNavBar } from './nav-bar';
import { useRouteFocus } from './route-focus';
import { AuthPage, preloadScreen, ScreenFallback } from './routes';
import { ScreenErrorBoundary } from './screen-error-boundary';
import { LoadingScreen, ShellFrame } from './shell-frame';
import { UpdatePrompt } from './update-prompt';

// The toast area (Radix Toast) loads with the first toast: a toast waits in the store until it
// is there. With no toast there is nothing for F8 to reach.
const Toaster = lazy(async () => ({ default: (await import('@client/ui/toast')).Toaster }));

function ToastArea() {
  const current = useCurrentToast();
  const [needed, setNeeded] = useState(false);
  if (current && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

// 'Reduce flicker' holds from the first paint.
applyStoredSettings();

// Without the session hint nobody is signed in (session.ts): the login screen shows from the
// first render, with no loading frame between it and the one the build wrote into the page.
if (!hasSessionHint()) queryClient.setQueryData(USER_QUERY_KEY, null);

/**
 * A signed-in player's frame and screens' table: not part of the login screen's code. A page
 * opened signed in fetches it, and its screen's code, while the session is checked (its HTML
 * preloads both: scripts/prerender-shell.ts); the login screen fetches it as a sign-in starts.
 */
const loadSignedIn = () => import('./signed-in');
/** A sign-in (login, registration, recovery) started in this tab and not yet arrived. */
let signingInHere = false;
const SignedInShell = lazy(async () => ({ default: (await loadSignedIn()).SignedInShell }));
if (typeof window !== 'undefined') {
  if (hasSessionHint()) void loadSignedIn().then(() => preloadScreen(window.location.pathname, queryClient), () => undefined);
  onSigningIn(warmLoad(loadSignedIn));
  onSigningIn(() => (signingInHere = true));
}

/**
 * Scrolls back to the top when the player moves to another screen, checks the session, and moves
 * the focus to the new screen's heading with an announcement (route-focus.tsx). The login screen
 * shows at any address, so a sign-in this tab started counts as a move too once it arrives (a
 * login at / stays at /), and so does a session that ends without a reload (lost to a server
 * restart, or a logout in another tab): the login screen's heading takes the focus the screen
 * that went away had.
 */
function useScreenChange(userId: number | null): string {
  const [location] = useLocation();
  const [arrivals, setArrivals] = useState(0);
  const shown = useRef(userId);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  useEffect(() => {
    const before = shown.current;
    shown.current = userId;
    const left = userId === null && before !== null;
    const arrived = userId !== null && signingInHere;
    if (arrived) signingInHere = false;
    if (left || arrived) setArrivals((n) => n + 1);
  }, [userId]);
  useSessionCheckOnNavigate(location);
  return useRouteFocus(location, arrivals);
}

function Shell() {
  const current = useCurrentUser();
  // The player's arrival (the session checked, a login) renders the whole frame and screen at
  // once: the largest render of a visit. Deferred, React renders it in slices that leave the main
  // thread to the player every few milliseconds, where the answer's own update would hold it for
  // 200-500 ms on a phone; the loading screen stays up until the slices are done. A departure
  // (logout, a lost session) is not deferred: the screens go at once, before they could ask the
  // server for data the logout just dropped.
  const arriving = useDeferredValue(current.user);
  const user = current.user && arriving;
  const isLoading = useDeferredValue(current.isLoading);
  const announcement = useScreenChange(user ? user.id : null);
  // Logging out (or in) in another tab shows here too.
  useSessionSync();

  if (isLoading) return <LoadingScreen />;

  // The signed-in frame's code may still be on its way: an arrival (deferred) keeps what is shown
  // (the login or loading screen) until it is in; otherwise App's boundary shows the loading screen.
  if (user) {
    return (
      <ScreenErrorBoundary>
        <SignedInShell user={user} announcement={announcement} />
      </ScreenErrorBoundary>
    );
  }
  return (
    <ShellFrame header={<SignedOutNavBar />} announcement={announcement}>
      <Suspense fallback={<ScreenFallback />}>
        <AuthPage />
      </Suspense>
    </ShellFrame>
  );
}

/** The whole client: data, toasts and the screens (a tooltip's code loads with the screen that has one: ui/tooltip.tsx). */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<LoadingScreen />}>
        <Shell />
      </Suspense>
      <UpdatePrompt />
      <ToastArea />
    </QueryClientProvider>
  );
}
