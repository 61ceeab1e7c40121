import { Component, lazy, Suspense, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { RotateCw } from 'lucide-react';
import type { PublicUser } from '@common/auth';
import { useAfterFirstPaint } from '@client/lib/after-first-paint';
import { checkForNewVersion, reloadToNewestVersion } from '@client/lib/app-update';
import { Button } from '@client/ui/button';
import { useChallenges } from '@client/features/notifications/challenge-listener';

// The bell comes after the first screen (its socket and schemas are not in its chunk); the
// challenge cards with the first challenge received.
const bellOnDemand = () => lazy(async () => ({ default: (await import('@client/features/notifications/notification-bell')).NotificationBell }));
/** Made anew after a failed load, so the next mount tries again (a lazy component keeps its failure). */
let LazyBell = bellOnDemand();
const cardsOnDemand = () => lazy(async () => ({ default: (await import('@client/features/notifications/challenge-prompt')).ChallengeCards }));
/** Made anew after a failed load, so the next challenge tries again (a lazy component keeps its failure). */
let LazyChallengeCards = cardsOnDemand();

/** The bell's place in the bar until it comes, so nothing beside it moves when it does (the bell is an icon button, size-10). */
const bellSlot = <span aria-hidden className="size-10 shrink-0" data-testid="nav-bell-slot" />;

/** Waits before the next try of a part that failed to load: 2 s, doubling, at most 30 s. */
function loadRetryDelay(failures: number): number {
  return Math.min(LOAD_RETRY_MAX_MS, LOAD_RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1));
}
const LOAD_RETRY_FIRST_MS = 2_000;
const LOAD_RETRY_MAX_MS = 30_000;

interface LoadBoundaryProps {
  what: string;
  fallback: ReactNode;
  /** Makes the part's lazy component anew (a lazy component keeps its failure). */
  failed: () => void;
  /** Tries the load again after `loadRetryDelay` and when the browser is back online. */
  retry?: boolean;
  /** Called at each render, so a try after a failure draws the lazy component `failed` made anew. */
  children: () => ReactNode;
}

/**
 * A part of the frame whose code comes after the page (a server restart or a new build can be in
 * the way): a failed load shows `fallback` instead of taking the frame (its socket and session
 * checks) down with it, and a new version is looked for. With `retry`, the part comes back on its
 * own once its code can be fetched: the bell holds the page's only socket on most screens, and
 * with it the check that tells a player the server lost their session.
 */
class LoadBoundary extends Component<LoadBoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn(`${this.props.what} could not be loaded:`, error);
    this.props.failed();
    checkForNewVersion();
    if (!this.props.retry) return;
    this.failures += 1;
    this.stopWaiting();
    this.timer = setTimeout(this.tryAgain, loadRetryDelay(this.failures));
    window.addEventListener('online', this.tryAgain);
  }

  override componentWillUnmount(): void {
    this.stopWaiting();
  }

  private stopWaiting(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    window.removeEventListener('online', this.tryAgain);
  }

  private readonly tryAgain = (): void => {
    this.stopWaiting();
    this.setState({ failed: false });
  };

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children();
  }
}

const bellFailed = () => (LazyBell = bellOnDemand());

export function NotificationBell({ user }: { user: PublicUser }) {
  // Its code and its reads come once the first screen is up.
  if (!useAfterFirstPaint()) return bellSlot;
  return (
    <LoadBoundary what="The notification bell" fallback={bellSlot} failed={bellFailed} retry>
      {() => (
        <Suspense fallback={bellSlot}>
          <LazyBell user={user} />
        </Suspense>
      )}
    </LoadBoundary>
  );
}

/**
 * The cards' code may come long after the page (a new build may have replaced it since): if it
 * cannot be fetched, the player is still told of the challenge and offered the newest version.
 */
const cardsFailedNotice = (
  <div role="alert" className="fixed right-3 bottom-3 z-50 w-[min(24rem,calc(100vw-1.5rem))] pixel-frame border-neon-magenta bg-panel p-3 shadow-hard" data-testid="challenge-prompt-failed">
    <p className="text-lg text-ink">A duel challenge arrived, but this tab could not load its card. Reload to answer it.</p>
    <div className="mt-3 flex justify-end">
      <Button size="sm" onClick={() => void reloadToNewestVersion()}>
        <RotateCw aria-hidden />
        Reload
      </Button>
    </div>
  </div>
);
const cardsFailed = () => (LazyChallengeCards = cardsOnDemand());

/**
 * The challenges waiting for an answer, in the bottom corner of the window. In the page's body:
 * drawn where the listener sits, inside the sticky header, the header's blur made it the box the
 * corner is measured in, and the cards hung above the window.
 */
export function ChallengePrompt() {
  const { open, gone } = useChallenges();
  if (open.length === 0) return null;
  return createPortal(
    <LoadBoundary what="The challenge cards" fallback={cardsFailedNotice} failed={cardsFailed}>
      {() => (
        <Suspense fallback={null}>
          <LazyChallengeCards open={open} onGone={gone} />
        </Suspense>
      )}
    </LoadBoundary>,
    document.body,
  );
}
