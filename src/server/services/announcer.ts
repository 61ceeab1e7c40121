import { CHAT_MESSAGE_MAX } from '@common/constants';
import type { Announcer, Clock, Log } from '../context';

/**
 * The arena chat's announcer (DESIGN §4): notable events only (level milestones of 10, win
 * streaks of 5, rating milestones, legendary forging, guild battles, new guilds), at most one
 * system message per second per instance; several arriving within that second go out as one
 * digest. So a busy arena never floods every socket with a message per battle.
 */
export type { Announcer };

export const ANNOUNCE_EVERY_MS = 1000;
/** Lines a digest names before saying how many more there were. */
const DIGEST_LINES = 4;

export function digestText(lines: readonly string[]): string {
  if (lines.length === 1) return lines[0]!;
  const shown = lines.slice(0, DIGEST_LINES).join(' · ');
  const more = lines.length - DIGEST_LINES;
  const text = `${lines.length} highlights: ${shown}${more > 0 ? ` · and ${more} more` : ''}`;
  return text.length <= CHAT_MESSAGE_MAX ? text : `${text.slice(0, CHAT_MESSAGE_MAX - 1)}…`;
}

export function createAnnouncer(
  post: (text: string) => Promise<unknown>,
  { log, clock, everyMs = ANNOUNCE_EVERY_MS }: { log: Log; clock: Clock; everyMs?: number },
): Announcer {
  let queued: string[] = [];
  let lastPost = 0;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  const flush = async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (queued.length === 0) return;
    const lines = queued;
    queued = [];
    lastPost = clock.now().getTime();
    try {
      await post(digestText(lines));
    } catch (err) {
      log.warn({ err }, 'announcement failed');
    }
  };

  return {
    announce(text) {
      if (closed) return;
      queued.push(text);
      if (timer) return;
      const wait = Math.max(0, lastPost + everyMs - clock.now().getTime());
      timer = setTimeout(() => void flush(), wait);
      timer.unref();
    },
    flush,
    async close() {
      closed = true;
      await flush();
    },
  };
}
