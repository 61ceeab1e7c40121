import type { BattleEvent, Side } from '@common/battle-events';
import { formatEvents } from '@common/battle-text';
import type { ArenaId } from '@common/arenas';
import type { PvpVariant, SpectatorView } from '@common/pvp';
import type { ServerMessage } from '@common/ws-messages';
import { AppError } from '../../errors';
import { isNoContest, rngFor, step, type Action, type BattleState, type SkillAction } from '../../domain/engine';
import { aiAction, type BattleRecord } from '../../domain/engine-replay';
import * as protocol from './protocol';
import { RoomClock, type TimeSource } from './room-clock';
import { TurnTimer } from './turn-timer';

/**
 * One running PvP battle (DESIGN §4), as a Colyseus room owns itself: its engine state, its own
 * clock and turn timer, the order of its actions (one after another), its spectators and its end.
 * It is handed its storage and its transport (boardgame.io's `Master(game, storage, transport)`),
 * so it runs the same against PostgreSQL and Redis or against fakes in a test.
 *
 * An action is checked and played by the engine, made durable (`storage.append`) before anyone
 * hears of it, then told to the players and spectators; the last one settles the battle once.
 */

/** A player's move: the page's moves, a learned skill by id (the real-time page), or giving up. */
export type PlayerMove = 'attack' | 'defend' | 'special' | 'forfeit' | SkillAction;

/** Where the room's actions and its end are kept. */
export interface RoomStorage {
  /**
   * Keeps the action before it is acknowledged; answers false when another instance owns the
   * battle now (it took it over): the action is then not played here.
   */
  append(room: BattleRoom, action: Action): Promise<boolean>;
  /** The room changed: its snapshot is written behind the moves. */
  changed(room: BattleRoom): void;
  /** Writes the end once (result, rewards, ratings, replay) and answers what each player gets. */
  settle(room: BattleRoom): Promise<protocol.Settlement>;
}

/** How the room's messages reach people. */
export interface RoomTransport {
  /** To every socket of a user, wherever it is. */
  send(room: BattleRoom, userId: number, messages: readonly ServerMessage[]): void;
}

export interface RoomOptions {
  variant: PvpVariant;
  /** Side 1 is an AI-driven copy of a real character (half rewards, no rating). */
  ghost: boolean;
  /** A direct challenge (issue 25): unrated, no credits or experience. Absent: false. */
  friendly?: boolean;
  arena: ArenaId | null;
  turnMs: number;
  ghostThinkMs: number;
}

export interface RoomInit extends RoomOptions {
  id: number;
  players: [protocol.RoomPlayer, protocol.RoomPlayer];
  record: BattleRecord;
  state: BattleState;
  events: BattleEvent[];
}

export interface RoomDeps {
  storage: RoomStorage;
  transport: RoomTransport;
  time: TimeSource;
  /** Called once the room is disposed (its host forgets it). */
  onDisposed?: (room: BattleRoom) => void;
  /** An action of the room's clock (turn timer, ghost) that failed. */
  onError?: (err: unknown, room: BattleRoom) => void;
}

/** The room's owner is now another instance: the action was not played here. */
export class RoomLost extends Error {
  constructor(readonly battleId: number) {
    super('The battle is moving to another server. Try again in a few seconds.');
    this.name = 'RoomLost';
  }
}

export class BattleRoom implements protocol.RoomState {
  readonly id: number;
  readonly variant: PvpVariant;
  readonly ghost: boolean;
  readonly friendly: boolean;
  readonly arena: ArenaId | null;
  readonly players: [protocol.RoomPlayer, protocol.RoomPlayer];
  readonly record: BattleRecord;
  readonly turnMs: number;
  state: BattleState;
  readonly events: BattleEvent[];
  readonly spectators = new Set<number>();
  /** Players seen acting through another instance: their messages cross the bus. */
  readonly remote = new Set<number>();
  replayId: number | null = null;
  /** The battle is over and being settled (or settled). */
  ending = false;
  disposed = false;

  private readonly clock: RoomClock;
  private readonly timer: TurnTimer;
  private readonly ghostThinkMs: number;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    init: RoomInit,
    private readonly deps: RoomDeps,
  ) {
    this.id = init.id;
    this.variant = init.variant;
    this.ghost = init.ghost;
    this.friendly = init.friendly ?? false;
    this.arena = init.arena;
    this.players = init.players;
    this.record = init.record;
    this.state = init.state;
    this.events = init.events;
    this.turnMs = init.turnMs;
    this.ghostThinkMs = init.ghostThinkMs;
    this.clock = new RoomClock(deps.time);
    this.timer = new TurnTimer(this.clock, init.turnMs, () => this.fromClock({ type: 'timeout' }));
  }

  get deadline(): Date {
    return this.timer.deadline;
  }

  get spectatorCount(): number {
    return this.spectators.size;
  }

  get over(): boolean {
    return protocol.over(this);
  }

  get noContest(): boolean {
    return isNoContest(this.state);
  }

  sideOf(userId: number): Side | null {
    return protocol.sideOf(this, userId);
  }

  /** The battle begins (`fresh`) or goes on after a takeover: a whole turn on the clock, and everyone told. */
  start(fresh: boolean): void {
    this.timer.newTurn();
    this.schedule();
    for (const userId of protocol.playerIds(this)) this.deps.transport.send(this, userId, protocol.startMessages(this, userId, fresh));
  }

  /** A battle taken over whose last kept action ended it: settled now, in the room's order. */
  settleNow(): Promise<void> {
    return this.serial(() => (this.over && !this.ending ? this.finish() : undefined));
  }

  /** Runs `work` after every action queued before it (one room's actions never interleave). */
  serial<T>(work: () => Promise<T> | T): Promise<T> {
    const next = this.chain.then(work, work);
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** A player's move or forfeit. */
  move(userId: number, move: PlayerMove): Promise<void> {
    return this.serial(() => {
      const side = this.sideOf(userId);
      if (side === null) throw new AppError(403, 'This battle is not yours');
      const action: Action =
        move === 'forfeit' ? { type: 'forfeit', side } : typeof move === 'string' ? { type: move } : { type: 'skill', skillId: move.skillId };
      return this.play(userId, action);
    });
  }

  /** Starts or stops watching; answers what a spectator sees when starting. */
  watch(userId: number, on: boolean): Promise<SpectatorView | null> {
    return this.serial(() => {
      if (this.sideOf(userId) !== null) throw new AppError(409, 'You are fighting this battle');
      const before = this.spectators.size;
      if (on) this.spectators.add(userId);
      else this.spectators.delete(userId);
      if (this.spectators.size !== before) {
        for (const p of protocol.playerIds(this)) this.deps.transport.send(this, p, [protocol.spectatorsMessage(this)]);
      }
      return on ? protocol.spectatorView(this) : null;
    });
  }

  /** Stops its clock for good; the host forgets it. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.clock.clear();
    this.deps.onDisposed?.(this);
  }

  /** An action of the game itself (the turn timer, the ghost), in the room's order. */
  private fromClock(action: Action): void {
    void this.serial(() => this.play(null, action)).catch((err: unknown) => {
      if (!(err instanceof AppError)) this.deps.onError?.(err, this);
    });
  }

  /** The turn timer for a player, or the ghost's next move. */
  private schedule(): void {
    if (this.over) return this.timer.stop();
    if (this.ghost && this.state.current === 1) {
      this.timer.stop();
      this.clock.setTimeout(this.ghostThinkMs, () => this.fromClock(aiAction(this.state)));
    } else this.timer.arm();
  }

  /**
   * Checks and plays one action (of a player, or with `userId` null of the game), keeps it, tells
   * everyone, and settles the battle when it ended.
   */
  private async play(userId: number | null, action: Action): Promise<void> {
    if (this.over || this.ending || this.disposed) throw new AppError(409, 'This battle is over');
    if (userId !== null && action.type !== 'forfeit' && this.sideOf(userId) !== this.state.current) throw new AppError(409, 'Not your turn');
    const result = step(this.state, action, rngFor(this.state));
    if (!result.ok) throw new AppError(400, result.message);
    // Kept before anyone hears of it: an acknowledged action survives this instance.
    if (!(await this.deps.storage.append(this, action))) {
      this.dispose();
      throw new RoomLost(this.id);
    }
    const before: [number, number] = [this.state.sides[0].hp, this.state.sides[1].hp];
    this.state = result.state;
    this.record.inputs.push(action);
    this.events.push(...result.events);
    this.timer.newTurn();
    this.schedule();
    this.deps.storage.changed(this);
    this.tell(result.events, before);
    if (this.over) await this.finish();
  }

  private tell(events: BattleEvent[], before: [number, number]): void {
    const start = this.events[0];
    const lines = start?.type === 'start' ? formatEvents(events, start.fighters, before).map(protocol.toPvpLine) : [];
    const { shared, perPlayer } = protocol.actionMessages(this, lines, events);
    for (const userId of protocol.playerIds(this)) this.deps.transport.send(this, userId, [...shared, ...perPlayer(userId)]);
    if (this.spectators.size > 0) {
      const seen = [protocol.spectateEvent(this, events)];
      for (const spectator of this.spectators) this.deps.transport.send(this, spectator, seen);
    }
  }

  /** Settles the battle once, tells everyone, and lets the room go. */
  private async finish(): Promise<void> {
    this.ending = true;
    this.timer.stop();
    const settlement = await this.deps.storage.settle(this);
    this.replayId = settlement.replayId;
    // Both players' ratings as they now stand: the result shows the opponent's new one too.
    const battle = protocol.battleView(this, settlement.ratings);
    for (const userId of protocol.playerIds(this)) this.deps.transport.send(this, userId, [protocol.endedMessage(this, userId, settlement, this.noContest, battle)]);
    const ended = [protocol.spectateEnded(this, settlement.replayId)];
    for (const spectator of this.spectators) this.deps.transport.send(this, spectator, ended);
    this.dispose();
  }
}
