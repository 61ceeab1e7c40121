import { performance } from 'node:perf_hooks';
import { percentile } from '../lib/stats';

/**
 * The scripted real-time duellist of the PvP figures, the same for the game (bench/load/pvp.ts)
 * and for the peer framework (bench/load/pvp-peer.ts): whoever's turn it is attacks after a
 * think time. Round trip = the move sent → the mover receives the `battle_action` of that move;
 * to turn change = → its `turn_changed` (or `battle_ended`). Each side's generator only maps its
 * own wire messages onto `started`, `action`, `turnChanged`, `ended` and `refused`.
 */
export class DuelScript {
  /** Move → its first `battle_action`, ms. */
  readonly action: number[] = [];
  /** Move → its `turn_changed` or `battle_ended`, ms. */
  readonly turn: number[] = [];
  errors = 0;
  readonly errorTexts = new Map<string, number>();
  /** performance.now() of the first move sent and of the last answer to a move. */
  firstMoveAt = Number.NaN;
  lastAnswerAt = Number.NaN;
  /** Called once, when the first move is sent. */
  onFirstMove: (() => void) | null = null;

  constructor(private readonly thinkMs: [number, number]) {}

  think(): number {
    return this.thinkMs[0] + Math.random() * (this.thinkMs[1] - this.thinkMs[0]);
  }

  noteError(message: string): void {
    this.errors += 1;
    this.errorTexts.set(message, (this.errorTexts.get(message) ?? 0) + 1);
  }

  noteMove(): void {
    if (!Number.isNaN(this.firstMoveAt)) return;
    this.firstMoveAt = performance.now();
    this.onFirstMove?.();
  }

  /** The move figures: round trips (p50/p95/p99), to turn change, refusals, the move phase's length. */
  summary() {
    return {
      moves: this.action.length,
      p50: percentile(this.action, 50),
      p95: percentile(this.action, 95),
      p99: percentile(this.action, 99),
      turnP95: percentile(this.turn, 95),
      max: percentile(this.action, 100),
      movePhaseSeconds: (this.lastAnswerAt - this.firstMoveAt) / 1000,
      errors: this.errors,
      errorTexts: Object.fromEntries([...this.errorTexts].slice(0, 5)),
    };
  }
}

/** One player of a duel: `move` sends an attack on the player's own connection. */
export class ScriptedPlayer {
  private pending: { sentAt: number; gotAction: boolean } | null = null;
  /** Held until `begin` (the barrier of the 'duels' runs): whether the player opens. */
  private opensAfterBarrier: boolean | null = null;
  over = false;

  constructor(
    private readonly script: DuelScript,
    private readonly move: () => void,
  ) {}

  private later(): void {
    setTimeout(() => this.attack(), this.script.think());
  }

  private attack(): void {
    if (this.over) return;
    this.pending = { sentAt: performance.now(), gotAction: false };
    this.script.noteMove();
    this.move();
  }

  private answered(): void {
    const now = performance.now();
    this.script.turn.push(now - this.pending!.sentAt);
    this.script.lastAnswerAt = now;
    this.pending = null;
  }

  /** The battle began; with `hold`, the first move waits for `begin`. */
  started(yourTurn: boolean, { hold = false, moving = true }: { hold?: boolean; moving?: boolean } = {}): void {
    if (hold) this.opensAfterBarrier = yourTurn;
    else if (yourTurn && moving) this.later();
  }

  /** Every battle has started: the player who opens thinks, then moves. */
  begin(): void {
    if (this.opensAfterBarrier) this.later();
    this.opensAfterBarrier = null;
  }

  action(): void {
    if (this.pending && !this.pending.gotAction) {
      this.pending.gotAction = true;
      this.script.action.push(performance.now() - this.pending.sentAt);
    }
  }

  turnChanged(yourTurn: boolean, moving = true): void {
    if (this.pending) this.answered();
    if (yourTurn && moving) this.later();
  }

  ended(): void {
    if (this.pending) this.answered();
    this.over = true;
  }

  /** A refused move (e.g. not our turn after a race); true when a move of ours was waiting (ask for the state again). */
  refused(message: string): boolean {
    this.script.noteError(message);
    const waiting = this.pending !== null;
    this.pending = null;
    return waiting;
  }
}
