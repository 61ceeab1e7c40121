import { useEffect, useState } from 'react';
import type { PublicUser } from '@common/auth';
import { mutedMessage } from '@common/moderation-rules';

/** The longest wait a timer takes (about 24.8 days): a week's mute ends within it. */
const TIMER_MAX_MS = 2 ** 31 - 1;

/**
 * 'You are muted until ...' while the player's mute runs (`mutedUntil` of `GET /api/user`), null
 * otherwise: the chat says so before a message is refused, and lets go the moment it ends.
 */
export function useMuteNotice(user: Pick<PublicUser, 'mutedUntil'> | null): string | null {
  const until = user?.mutedUntil ? new Date(user.mutedUntil) : null;
  const end = until?.getTime() ?? 0;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (end <= Date.now()) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(end - Date.now() + 50, TIMER_MAX_MS));
    return () => clearTimeout(timer);
  }, [end]);
  return until && end > now ? mutedMessage(until) : null;
}
