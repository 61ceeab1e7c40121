import type { RoomClock } from './room-clock';

/**
 * The turn clock of one battle (as Showdown's RoomBattleTimer): each turn gets `turnMs`, the
 * player who lets it run out forfeits (`onExpire`). It runs on the room's clock, so disposing of
 * the room stops it; the deadline is what the pages count down to.
 */
export class TurnTimer {
  private cancel: (() => void) | null = null;
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

  /** Arms the timer for the current deadline (a room opened or taken over). */
  arm(): void {
    this.stop();
    this.cancel = this.clock.setTimeout(this.deadline.getTime() - this.clock.now().getTime(), () => {
      this.cancel = null;
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
