import { useEffect, useState } from 'react';

/** Whole seconds until `deadline` (ISO or epoch ms), never below 0; 0 for a missing or bad date. */
export function secondsLeft(deadline: string | number | null | undefined, now: number): number {
  const at = typeof deadline === 'number' ? deadline : deadline ? Date.parse(deadline) : Number.NaN;
  if (!Number.isFinite(at)) return 0;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** The current time, ticking once a second while `active`, and read afresh whenever `since` changes (a new turn). */
export function useNow(active: boolean, since?: unknown): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [active, since]);
  return now;
}
