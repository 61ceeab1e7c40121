import { useEffect, useState } from 'react';

/**
 * Milliseconds left of a cooldown of `durationMs` that started at `startedAt` (an ISO date).
 * Re-renders on every whole second left, so a 'Ys' countdown ticks in step, until it runs out.
 * 0 when there is no cooldown.
 */
export function useCooldown(startedAt: string | null | undefined, durationMs: number): number {
  const parsed = startedAt ? Date.parse(startedAt) : Number.NaN;
  const until = Number.isFinite(parsed) ? parsed + durationMs : 0;
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    let timer: number | undefined;
    const tick = () => {
      const t = Date.now();
      setNow(t);
      const left = until - t;
      // Wake just after the next whole second boundary of the time left.
      if (left > 0) timer = window.setTimeout(tick, (left % 1000 || 1000) + 5);
    };
    tick();
    return () => window.clearTimeout(timer);
  }, [until]);

  return Math.max(0, until - now);
}
