import type { Clock } from '../../context';

/**
 * Time for PvP rooms: what "now" is and a way to be called back later. The game runs on the
 * system's timers; tests hand in a time they move by hand (`ManualTime`), so a turn runs out when
 * the test says so, not after a stretch of wall time.
 */
export interface TimeSource extends Clock {
  /** Calls `fn` after `ms`; answers what cancels it. */
  after(ms: number, fn: () => void): () => void;
}

/** The clock's "now" with the process's timers (which never keep the process alive). */
export function systemTime(clock: Clock): TimeSource {
  return {
    now: () => clock.now(),
    after: (ms, fn) => {
      const timer = setTimeout(fn, Math.max(0, ms));
      timer.unref();
      return () => clearTimeout(timer);
    },
  };
}

/**
 * A room's own clock (as a Colyseus room has one): every timer the room sets goes through it, and
 * `clear()` (on dispose) cancels them all, so nothing of a finished room fires later.
 */
export class RoomClock {
  private readonly pending = new Set<() => void>();

  constructor(private readonly source: TimeSource) {}

  now(): Date {
    return this.source.now();
  }

  /** Calls `fn` after `ms` unless cancelled (by the answer or by `clear`). */
  setTimeout(ms: number, fn: () => void): () => void {
    const cancelSource = this.source.after(ms, () => {
      this.pending.delete(cancel);
      fn();
    });
    const cancel = () => {
      if (this.pending.delete(cancel)) cancelSource();
    };
    this.pending.add(cancel);
    return cancel;
  }

  get timers(): number {
    return this.pending.size;
  }

  clear(): void {
    for (const cancel of [...this.pending]) cancel();
  }
}

/** Time that moves only when told (tests): timers due by the new "now" run in order of their time. */
export class ManualTime implements TimeSource {
  private current: number;
  private readonly due: { at: number; seq: number; fn: () => void }[] = [];
  private seq = 0;

  constructor(start = new Date('2026-01-01T00:00:00Z')) {
    this.current = start.getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  after(ms: number, fn: () => void): () => void {
    const entry = { at: this.current + Math.max(0, ms), seq: this.seq++, fn };
    this.due.push(entry);
    return () => {
      const i = this.due.indexOf(entry);
      if (i >= 0) this.due.splice(i, 1);
    };
  }

  /** Moves time forward, running every timer that falls due on the way (each at its own time). */
  advance(ms: number): void {
    const until = this.current + ms;
    for (;;) {
      const next = this.due.filter((d) => d.at <= until).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!next) break;
      this.due.splice(this.due.indexOf(next), 1);
      this.current = Math.max(this.current, next.at);
      next.fn();
    }
    this.current = until;
  }

  /** Timers waiting. */
  get waiting(): number {
    return this.due.length;
  }
}
