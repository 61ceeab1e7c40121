import { AppWindow, RefreshCw } from 'lucide-react';
import { SOCKET_CLOSE_REASONS } from '@common/socket';
import { cn } from '@client/lib/cn';
import { Button } from '@client/ui/button';

/** What the player reads when the live link gave way to another tab. */
export const SOCKET_REPLACED_TEXT = SOCKET_CLOSE_REASONS.replaced;

/**
 * Shown by a screen with a live link (chat, both PvP pages) whose socket the server closed
 * because the game was opened in more tabs than allowed. It does not reconnect by itself (two
 * tabs would keep taking the link from each other): the player presses Reconnect.
 */
export function SocketReplacedNotice({ onReconnect, className }: { onReconnect: () => void; className?: string }) {
  return (
    <div
      role="alert"
      data-testid="socket-replaced"
      className={cn('flex flex-wrap items-center gap-x-4 gap-y-2 border-2 border-gold/70 bg-gold/10 px-3 py-2', className)}
    >
      <div className="flex min-w-0 flex-1 basis-60 items-start gap-2">
        <AppWindow aria-hidden className="mt-0.5 size-5 shrink-0 text-gold" />
        <div className="flex min-w-0 flex-col gap-1">
          <p className="font-pixel text-pixel-2xs leading-relaxed text-gold uppercase">{SOCKET_REPLACED_TEXT}</p>
          <p className="text-base leading-tight text-ink-muted">
            The game is open in more tabs than the live link allows, so this one was closed. Reconnect to use it here.
          </p>
        </div>
      </div>
      <Button size="sm" variant="secondary" onClick={onReconnect} data-testid="socket-reconnect">
        <RefreshCw aria-hidden />
        Reconnect
      </Button>
    </div>
  );
}
