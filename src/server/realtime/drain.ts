/** One slice of a spread close every this many milliseconds. */
export const SPREAD_STEP_MS = 100;

/**
 * Closes `items` evenly over `spreadMs` (a slice every `stepMs`, the first at once), so the
 * sockets of a stopping instance do not all reconnect elsewhere in the same tick
 * (docs/decisions.md 'Reconnects after a deploy'). With no spread, all close at once.
 */
export async function closeSpread<T>(items: readonly T[], spreadMs: number, close: (item: T) => void, stepMs = SPREAD_STEP_MS): Promise<void> {
  const steps = Math.floor(spreadMs / stepMs);
  if (steps <= 1 || items.length <= 1) {
    for (const item of items) close(item);
    return;
  }
  const perStep = Math.ceil(items.length / steps);
  for (let from = 0; from < items.length; from += perStep) {
    if (from > 0) await new Promise((resolve) => setTimeout(resolve, stepMs));
    for (const item of items.slice(from, from + perStep)) close(item);
  }
}
