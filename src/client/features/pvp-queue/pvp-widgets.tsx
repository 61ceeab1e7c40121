import { useEffect, useState } from 'react';
import { Flag, Timer, Wifi, WifiOff } from 'lucide-react';
import type { SocketStatus } from '@client/lib/ws-client';
import { cn } from '@client/lib/cn';
import {
  Badge,
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  Progress,
} from '@client/ui';
import { secondsLeft } from './pvp-queue-state';

/** The current time, ticking once a second while `active`. */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [active]);
  return now;
}

/** The visible turn countdown: seconds left and a draining bar. */
export function TurnTimer({ deadline, totalMs, mine, testId = 'pvp-turn-timer' }: { deadline: string | null; totalMs: number; mine: boolean; testId?: string }) {
  const now = useNow(!!deadline);
  const left = secondsLeft(deadline, now);
  const total = Math.max(1, Math.round(totalMs / 1000));
  const urgent = left <= 10;
  return (
    <div data-testid={testId} data-seconds={left} className="flex min-w-0 flex-1 flex-col gap-1">
      <p className="flex items-center gap-2 font-pixel text-pixel-2xs text-ink-muted">
        <Timer aria-hidden className={cn('size-4 shrink-0', urgent ? 'text-danger' : 'text-gold')} />
        <span>{mine ? 'Your turn' : 'Their turn'}:</span>
        <span
          data-testid={`${testId}-seconds`}
          className={cn('text-pixel-xs', urgent ? 'text-danger' : 'text-gold')}
          aria-label={`${left} seconds left`}
        >
          {left}s
        </span>
      </p>
      <Progress value={Math.min(left, total)} max={total} color={urgent ? 'danger' : 'gold'} aria-label="Turn time left" className="h-3" />
    </div>
  );
}

/** Forfeit with a confirmation dialog. */
export function ForfeitButton({ onConfirm, disabled, pending }: { onConfirm: () => void; disabled?: boolean; pending?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="danger" disabled={disabled || pending} data-testid="pvp-forfeit">
          <Flag aria-hidden />
          {pending ? 'Forfeiting...' : 'Forfeit'}
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="pvp-forfeit-dialog" className="max-w-md">
        <DialogHeader>
          <DialogTitle>Forfeit this battle?</DialogTitle>
          <DialogDescription>Your opponent wins at once and the battle counts as a loss.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" data-testid="pvp-forfeit-cancel">
              Keep Fighting
            </Button>
          </DialogClose>
          <Button
            variant="danger"
            data-testid="pvp-forfeit-confirm"
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            <Flag aria-hidden />
            Forfeit
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Online / connecting / disconnected badge of the game socket. */
export function SocketBadge({ status }: { status: SocketStatus }) {
  const label = status === 'online' ? 'Online' : status === 'connecting' ? 'Connecting...' : 'Disconnected';
  return (
    <Badge
      variant={status === 'online' ? 'lime' : status === 'connecting' ? 'gold' : 'danger'}
      data-testid="pvp-socket-status"
      data-status={status}
      className="gap-1.5"
    >
      {status === 'disconnected' ? <WifiOff aria-hidden className="size-3.5" /> : <Wifi aria-hidden className="size-3.5" />}
      {label}
    </Badge>
  );
}

/** One labelled number of the queue statistics. */

/** Wraps the shared battle stage so the opponent's sprite faces the player's. */
export const FACE_OFF_CLASS = 'min-w-0 [&_[data-testid=enemy-panel]_img]:-scale-x-100';
