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
const LazyBell = lazy(async () => ({ default: (await import('@client/features/notifications/notification-bell')).NotificationBell }));
const cardsOnDemand = () => lazy(async () => ({ default: (await import('@client/features/notifications/challenge-prompt')).ChallengeCards }));
/** Made anew after a failed load, so the next challenge tries again (a lazy component keeps its failure). */
let LazyChallengeCards = cardsOnDemand();

/** The bell's place in the bar until it comes, so nothing beside it moves when it does (the bell is an icon button, size-10). */
const bellSlot = <span aria-hidden className="size-10 shrink-0" data-testid="nav-bell-slot" />;

export function NotificationBell({ user }: { user: PublicUser }) {
  // Its code and its reads come once the first screen is up.
  if (!useAfterFirstPaint()) return bellSlot;
  return (
    <Suspense fallback={bellSlot}>
      <LazyBell user={user} />
    </Suspense>
  );
}

/**
 * The cards' code may come long after the page (a new build may have replaced it since): if it
 * cannot be fetched, the player is still told of the challenge and offered the newest version,
 * and the rest of the frame stays.
 */
class CardsBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn('The challenge cards could not be loaded:', error);
    LazyChallengeCards = cardsOnDemand();
    checkForNewVersion();
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
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
  }
}

/**
 * The challenges waiting for an answer, in the bottom corner of the window. In the page's body:
 * drawn where the listener sits, inside the sticky header, the header's blur made it the box the
 * corner is measured in, and the cards hung above the window.
 */
export function ChallengePrompt() {
  const { open, gone } = useChallenges();
  if (open.length === 0) return null;
  return createPortal(
    <CardsBoundary>
      <Suspense fallback={null}>
        <LazyChallengeCards open={open} onGone={gone} />
      </Suspense>
    </CardsBoundary>,
    document.body,
  );
}
