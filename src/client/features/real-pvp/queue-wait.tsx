import { useNow } from '@client/entities/battle/turn-clock';

/**
 * The wait shown while searching: seconds waited, then the estimate counted down, or that none is
 * due. The ghost is not promised: it is offered only when a real fighter of the player's level
 * and power is there to copy.
 */
export function waitText(now: number, searchSince: number | null, waitEndsAt: number | null): string {
  const waited = searchSince === null ? 0 : Math.max(0, Math.floor((now - searchSince) / 1000));
  if (waitEndsAt === null) return `Waited ${waited}s`;
  const left = Math.max(0, Math.ceil((waitEndsAt - now) / 1000));
  return left > 0
    ? `Waited ${waited}s · paired the moment someone fits; a ghost of your level in ~${left}s if one fits`
    : `Waited ${waited}s · no fighter of your level and power yet: still searching`;
}

/**
 * The estimate of `queue_joined` as it runs down (issue 24): a waiting player is paired with the
 * next compatible one at once, and offered a ghost at 20 s when one fits, so the page counts
 * down to that and then says plainly that nobody fits yet.
 */
export function QueueWait({ searchSince, waitEndsAt }: { searchSince: number | null; waitEndsAt: number | null }) {
  const now = useNow(true);
  return (
    <span className="text-base text-ink-dim" data-testid="real-pvp-wait" aria-live="off">
      {waitText(now, searchSince, waitEndsAt)}
    </span>
  );
}
