import { lazy, useEffect, useState, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { screenShown } from '@client/lib/after-first-paint';
import { Spinner } from '@client/ui/spinner';
import { ScreenErrorBoundary } from './screen-error-boundary';

/** The login screen's key among the screens' loads (no path of its own: it shows wherever nobody is signed in). */
const AUTH_SCREEN = 'auth';

/**
 * The code of each screen by its path's first segment ('/replay' for /replay/:id), and the login
 * screen's. The signed-in screens' entries arrive with their table (game-routes.tsx), which loads
 * with the signed-in frame.
 */
const screenLoads = new Map<string, () => Promise<unknown>>();

/**
 * A screen whose code loads when first shown, inside its own error boundary: if the chunk
 * cannot be fetched (a new version replaced the build while the tab was open) the navigation
 * stays and the screen area offers a Reload. `path` lets preloadScreen start that load early.
 * With `immediate` (the login screen), once its code is in the screen renders at once, without a
 * pass through the loading state: a page whose login screen the build wrote into the HTML shows
 * it from the first render. The signed-in screens keep the lazy path: rendered at once on the
 * home screen, the forge card painted before the cards above it had their height (a layout
 * shift of 0.21 on Lighthouse's phone profile, in half the loads).
 */
export function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K, path?: string, immediate = false): ComponentType {
  let loaded: ComponentType | undefined;
  const loadOnce = () =>
    load().then((module) => {
      loaded = module[name];
      return module;
    });
  if (path) screenLoads.set(path, loadOnce);
  const Lazy = lazy<ComponentType>(async () => ({ default: (await loadOnce())[name] }));
  function Screen() {
    // Chosen once per mount: switching from the lazy wrapper to the loaded screen would remount it.
    const [Content] = useState(() => (immediate && loaded) || Lazy);
    // Committed with its content (a suspended screen's effects wait for it): the top bar's extras may come.
    useEffect(screenShown, []);
    return (
      <ScreenErrorBoundary>
        <Content />
      </ScreenErrorBoundary>
    );
  }
  Screen.displayName = `Screen(${name})`;
  return Screen;
}

/**
 * The reads a screen's largest text waits for, by path: a page opened on the screen starts them
 * with its code (preloadScreen), so the screen's first render has its answer instead of asking
 * after the whole frame rendered (a request more, after the render, before the text).
 */
const screenReads = new Map<string, (client: QueryClient) => void>();

/** Registers the reads `preloadScreen` starts for a page opened on `path`. */
export function screenData(path: string, start: (client: QueryClient) => void): void {
  screenReads.set(path, start);
}

export const AuthPage = page(() => import('@client/features/auth/auth-page'), 'AuthPage', AUTH_SCREEN, true);

/**
 * Starts loading the code of the signed-in screen at `pathname` at once, beside the session
 * check, instead of after it: a page opened on a screen otherwise fetches the check, then the
 * screen, one after the other; the screen's first reads start too (screenData). Does nothing
 * before the signed-in screens' table is in. A load that fails is left to the screen's own, which
 * shows the Reload offer.
 */
export function preloadScreen(pathname: string, client: QueryClient): void {
  const path = `/${pathname.split('/')[1] ?? ''}`;
  const load = screenLoads.get(path) ?? screenLoads.get('/');
  void load?.().catch(() => undefined);
  screenReads.get(path)?.(client);
}

/** Loads the login screen's code; resolves either way (a failed load is left to the screen, which offers a Reload). */
export function loadLoginScreen(): Promise<void> {
  return (screenLoads.get(AUTH_SCREEN)?.() ?? Promise.resolve()).then(
    () => undefined,
    () => undefined,
  );
}

/** Shown while the code of a screen loads. */
export function ScreenFallback() {
  return <Spinner className="min-h-[50vh]" label="Loading screen..." />;
}
