import type { ReactNode } from 'react';
import { Spinner } from '@client/ui/spinner';
import { RouteAnnouncer } from './route-focus';

/**
 * What the page shows while the session is checked. The build writes it into the pages of the
 * signed-in screens (scripts/prerender-shell.ts), so a phone paints it before any script runs.
 */
export function LoadingScreen() {
  return (
    <main className="grid min-h-dvh place-items-center">
      <Spinner size="lg" label="Loading ..." />
    </main>
  );
}

/** The frame of every screen: the skip link, the top bar (`header`), the screen announcer and the main area. */
export function ShellFrame({ header, announcement, children }: { header: ReactNode; announcement: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 bg-neon-lime px-3 py-2 font-pixel text-pixel-2xs text-void focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {header}
      <RouteAnnouncer text={announcement} />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none sm:px-6 sm:py-8">
        {children}
      </main>
    </div>
  );
}
