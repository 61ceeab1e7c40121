import type { CharacterView } from '@common/game-api';
import type { GhostOfferView, PvpVariant } from '@common/pvp';
import type { ServerMessage } from '@common/ws-messages';
import type { Action } from '../domain/engine';
import type { QueueEntry } from '../domain/matchmaking';
import type { AppError } from '../errors';
import type { PlayerMove } from './room/battle-room';
import type { Settlement } from './room/protocol';
import type { BattleRow, Snapshot } from './storage/battles';
import type { StoredBattle } from './storage/new-battles';
import type { ClaimedSeat, JoinedSeat, JoinRequest } from './storage/queue';
import type { SettleInput } from './storage/settle';

/**
 * What PvP needs from the outside, as two interfaces (boardgame.io's storage and transport): the
 * host of an instance's rooms is built on them, so it runs against PostgreSQL, Redis and the
 * socket gateway in the game and against in-memory fakes in a unit test (pvp/testing.ts).
 */

/** What a matching pass did: the seats it locked, those that could not fight, the battles it stored. */
export interface MatchPass {
  claimed: number;
  unavailable: ClaimedSeat[];
  battles: StoredBattle[];
}

/** Where PvP is kept: PostgreSQL for the queue and the battles, the journal beside the bus for every action. */
export interface PvpStore {
  /** Seats players in the queue (one statement for all); answers each seat or why not, in order. */
  join(joins: readonly JoinRequest[]): Promise<(JoinedSeat | AppError)[]>;
  leave(userId: number, variant?: PvpVariant): Promise<boolean>;
  /**
   * One matching pass, in one transaction: lock a batch of waiting seats, `pair` the ones able to
   * fight (never two of whom one blocks the other: `blocked`, keys of blockPairKey), take the
   * paired and the unable out of the queue and store the battles, owned by `owner`.
   */
  matchPass(owner: string, pair: (available: ClaimedSeat[], blocked: ReadonlySet<string>) => [QueueEntry, QueueEntry][]): Promise<MatchPass>;
  /** Whether anybody waits in the queue, on any instance. */
  anyoneWaiting(): Promise<boolean>;
  /** Offers ghosts to players who have waited alone since `waitedSince` (claimed once over every instance). */
  offerGhosts(waitedSince: Date): Promise<{ entry: QueueEntry; ghost: GhostOfferView }[]>;
  /** The player takes the ghost offered: the battle against it, stored for `owner`. */
  takeGhost(owner: string, userId: number): Promise<StoredBattle[]>;

  /** This instance is alive for a few seconds more (its battles stay its own). */
  keepAlive(owner: string): Promise<void>;
  /**
   * Every second, in one round trip: `keepAlive`; of `held` (its rooms) the battles `owner` no
   * longer owns (another instance took them over); and the battles whose owner is no longer
   * alive, now `owner`'s (their ids: the host reads them with `battleRows`, again after a failure).
   */
  heartbeat(owner: string, held: readonly number[]): Promise<{ lost: number[]; taken: number[] }>;
  /** Lets every battle of `owner` go (a clean shutdown). */
  release(owner: string): Promise<void>;
  writeSnapshots(owner: string, snapshots: readonly Snapshot[]): Promise<void>;
  /** Writes the ends of several battles in one transaction; answers each one's settlement, in order. */
  settle(inputs: readonly SettleInput[]): Promise<Settlement[]>;
  /** Players of restored battles: their characters as shown now, and their names. */
  playersOf(rows: readonly BattleRow[]): Promise<{ views: Map<number, CharacterView>; names: Map<number, string> }>;
  /** The running battle of a player, wherever it runs, and the instance that runs it. */
  runningBattleOf(userId: number): Promise<{ id: number; owner: string | null } | undefined>;
  battle(id: number): Promise<BattleRow | undefined>;
  /** The rows of these battles (those that exist). */
  battleRows(ids: readonly number[]): Promise<BattleRow[]>;
  /** Keeps actions of `owner`'s battles (one round trip for all); false where another instance owns the battle. */
  appendActions(owner: string, entries: readonly { battleId: number; action: Action }[]): Promise<boolean[]>;
  /** Makes `owner` the battle's journal owner and answers every action kept. */
  claimActions(owner: string, battleId: number): Promise<Action[]>;
  /** Forgets the journals of battles that ended. */
  dropActions(battleIds: readonly number[]): Promise<void>;
  /**
   * Calls `listener` whenever the journal may have lost what it held: Redis came back after an
   * outage, and may have restarted empty. The journal of the in-process bus never loses anything.
   */
  onJournalLost(listener: () => void): void;
}

/** A request for a room that runs on another instance. */
export type RoomRequest =
  | { kind: 'act'; userId: number; move: PlayerMove; view: boolean }
  | { kind: 'view'; userId: number }
  | { kind: 'spectate'; userId: number; on: boolean };

/** An answer to a `RoomRequest`: the result, or the refusal's status and message. */
export type RoomReply = { ok: true; result: unknown } | { ok: false; status: number; message: string };

/** Answers a request for one of this instance's rooms. */
export type RoomHandler = (battleId: number, request: RoomRequest, fromElsewhere: boolean) => Promise<RoomReply>;

/** How PvP reaches people and other instances. */
export interface PvpTransport {
  /** Names this instance (battles it owns carry it). */
  readonly instanceId: string;
  /** To a user's sockets on this instance only (the caller knows they are all here). */
  toLocal(userId: number, messages: readonly ServerMessage[]): void;
  /** To a user's sockets on every instance. */
  toUser(userId: number, messages: readonly ServerMessage[]): void;
  /** Sockets of the user open on this instance. */
  localConnections(userId: number): number;
  /** Called once a player has had no socket on any instance for a while. */
  onUserOffline(listener: (userId: number) => Promise<void>): void;
  /**
   * Asks `owner` (the instance the battle's row names) about a battle it runs; answers 409 when
   * there is no owner, the owner runs no such room, or nobody answers in time.
   */
  ask(owner: string | null, battleId: number, request: RoomRequest): Promise<RoomReply>;
  /**
   * Answers the requests for this instance's rooms, from now on (one channel per instance, so a
   * battle's start and end subscribe to nothing); `fromElsewhere` tells a request of another
   * instance from one of this instance's own.
   */
  answer(handler: RoomHandler): void;
  close(): Promise<void>;
}
