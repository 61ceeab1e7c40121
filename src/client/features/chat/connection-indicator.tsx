import { SOCKET_REPLACED_TEXT } from '@client/entities/user/socket-replaced';
import type { SocketStatus } from '@client/lib/ws-client';
import { cn } from '@client/lib/cn';

export interface ConnectionIndicatorProps {
  status: SocketStatus;
  /** False until the first attempt has answered: shown as 'Connecting...'. */
  settled: boolean;
  className?: string;
}

/**
 * SPEC §4 Chat connection: online or disconnected. Retries between closes keep saying
 * 'Disconnected' so screen readers hear only real changes. A link that gave way to another tab
 * says so ('Opened in another tab') and waits for the player's Reconnect.
 */
export function ConnectionIndicator({ status, settled, className }: ConnectionIndicatorProps) {
  const shown = status === 'online' || status === 'replaced' ? status : settled ? 'disconnected' : 'connecting';
  const label =
    shown === 'online'
      ? 'Online'
      : shown === 'connecting'
        ? 'Connecting...'
        : shown === 'replaced'
          ? SOCKET_REPLACED_TEXT
          : 'Disconnected';
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="chat-connection"
      data-status={shown}
      className={cn(
        'inline-flex items-center gap-2 border-2 px-2 py-1 font-pixel text-pixel-2xs leading-none whitespace-nowrap uppercase',
        shown === 'online' && 'border-neon-lime bg-success-deep text-neon-lime',
        shown === 'disconnected' && 'border-danger bg-danger-deep text-[#ff8a95]',
        shown === 'connecting' && 'border-gold/70 bg-panel-2 text-gold',
        shown === 'replaced' && 'border-gold bg-gold/10 text-gold',
        className,
      )}
    >
      <span
        aria-hidden
        className={cn(
          'size-2.5 shrink-0',
          shown === 'online' && 'bg-neon-lime shadow-[0_0_6px_var(--color-neon-lime)]',
          shown === 'disconnected' && 'bg-danger',
          shown === 'connecting' && 'bg-gold motion-safe:animate-pulse',
          shown === 'replaced' && 'bg-gold',
        )}
      />
      <span className="sr-only">Chat connection: </span>
      {label}
    </p>
  );
}
