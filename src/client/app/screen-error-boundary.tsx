import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { RotateCw, TriangleAlert } from 'lucide-react';
import { checkForNewVersion, reloadToNewestVersion } from '@client/lib/app-update';
import { Button } from '@client/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/ui/card';

/** Messages browsers give when the code of a screen cannot be fetched or run. */
const CHUNK_FAILURE = /dynamically imported module|importing a module script failed|module script|preload css|loading chunk/i;

/** True when an error means the screen's code did not load (rather than a fault while it ran). */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return CHUNK_FAILURE.test(text);
}

/** The card shown in place of a screen that failed, with the Reload that fetches the game again. */
export function ScreenError({ error }: { error: unknown }) {
  const chunk = isChunkLoadError(error);
  // A missing chunk means a new build replaced this one: its worker may be found now, and then
  // Reload (like the 'A new version is available' prompt) hands over to it.
  useEffect(() => {
    if (chunk) checkForNewVersion();
  }, [chunk]);
  return (
    <div className="mx-auto max-w-lg py-10" data-testid="screen-error" data-kind={chunk ? 'load' : 'crash'}>
      <Card accent="danger" className="text-center" role="alert">
        <CardHeader className="items-center">
          <TriangleAlert aria-hidden className="size-8 text-danger" />
          <CardTitle>{chunk ? 'Screen Failed to Load' : 'Screen Crashed'}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col items-center gap-5">
          <p className="text-lg text-ink-muted">
            {chunk
              ? 'This screen could not be downloaded. The game may have been updated since this tab was opened: reload to get the newest version.'
              : 'Something went wrong while showing this screen. Reload the page to try again.'}
          </p>
          <Button onClick={() => void (chunk ? reloadToNewestVersion() : window.location.reload())} data-testid="screen-error-reload">
            <RotateCw aria-hidden />
            Reload
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

interface BoundaryState {
  error: unknown;
  failed: boolean;
}

/**
 * Catches a failure of one screen (its code chunk missing after a new version replaced the
 * build, or a fault while rendering) so the layout and the navigation stay and only the screen
 * area shows the error card.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A screen failed:', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.failed) return <ScreenError error={this.state.error} />;
    return this.props.children;
  }
}
