import type { RoomClock } from './room-clock';

/**
 * The turn clock of one battle (as Showdown's RoomBattleTimer): each turn gets `turnMs`, the
 * player who lets it run out forfeits (`onExpire`). It runs on the room's clock, so disposing of
 * the room stops it; the deadline is what the pages count down to.
 *
 * A move only moves the deadline: the timer already set stays (no timer cancelled and set again
 * on every move) and, when it fires before the deadline, sets itself again for the rest of it.
 */
export class TurnTimer {
  private cancel: (() => void) | null = null;
  /** When the timer set now fires (ms): never after the deadline. */
  private firesAt = 0;
  deadline: Date;

  constructor(
    private readonly clock: RoomClock,
    readonly turnMs: number,
    private readonly onExpire: () => void,
  ) {
    this.deadline = new Date(clock.now().getTime() + turnMs);
  }

  /** A turn starts now: a whole turn until the deadline (`arm` starts counting). */
  newTurn(): Date {
    this.deadline = new Date(this.clock.now().getTime() + this.turnMs);
    return this.deadline;
  }

  /** Counts down to the current deadline (a new turn, a room opened or taken over). */
  arm(): void {
    const at = this.deadline.getTime();
    if (this.cancel && this.firesAt <= at) return;
    this.stop();
    this.set(at);
  }

  private set(at: number): void {
    this.firesAt = at;
    this.cancel = this.clock.setTimeout(at - this.clock.now().getTime(), () => {
      this.cancel = null;
      const deadline = this.deadline.getTime();
      // Moves came meanwhile: the turn of now runs out later.
      if (this.clock.now().getTime() < deadline) return this.set(deadline);
      this.onExpire();
    });
  }

  stop(): void {
    this.cancel?.();
    this.cancel = null;
  }

  get running(): boolean {
    return this.cancel !== null;
  }
}
