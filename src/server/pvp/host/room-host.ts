import type { ArenaId } from '@common/arenas';
import type { SpectatorView } from '@common/pvp';
import type { ServerMessage } from '@common/ws-messages';
import type { Log } from '../../context';
import { startBattle } from '../../domain/engine';
import { rulesOf } from '../../domain/pvp';
import type { BattleRecord } from '../../domain/engine-replay';
import { AppError } from '../../errors';
import type { PvpStore, PvpTransport, RoomRequest } from '../ports';
import { BattleRoom, RoomLost, type PlayerMove, type RoomDeps, type RoomInit } from '../room/battle-room';
import { battleView, roomViews, type RoomPlayer, type RoomViews } from '../room/protocol';
import type { TimeSource } from '../room/room-clock';
import type { BattleRow } from '../storage/battles';
import { MOVING_REPLY, reachesLocally } from '../transport';
import { HostStorage } from './host-storage';
import { restoreRooms } from './restore';
import { Snapshots } from './snapshots';
import { answerRequest } from './room-requests';
import { DEFAULT_HOST_TUNING, type HostTuning } from './tuning';

export { DEFAULT_HOST_TUNING, type HostTuning } from './tuning';

/**
 * The PvP rooms of one instance (DESIGN §4, §5): it opens the battles the matcher made here, finds
 * a player's room here or asks the instance that runs it, keeps this instance alive for its
 * battles, takes over the battles of instances that died, and writes snapshots behind the moves.
 * Each room owns its own state and clock; what it keeps goes through the host's store (actions of
 * one turn of the event loop in one journal round trip, ends of one turn in one transaction).
 */

/** What a host is built on. */
export interface HostDeps {
  store: PvpStore;
  transport: PvpTransport;
  time: TimeSource;
  log: Log;
  /** Length of a turn (PVP_TURN_SECONDS). */
  turnMs: number;
  tuning?: HostTuning;
}

/** A new battle the matcher stored, for this instance to run. */
export interface NewRoom {
  row: BattleRow;
  players: [RoomPlayer, RoomPlayer];
  arena: ArenaId | null;
}

export class RoomHost {
  private readonly rooms = new Map<number, BattleRoom>();
  private readonly byUser = new Map<number, number>();
  /** Battles each local player watches, to stop watching when they leave. */
  private readonly watching = new Map<number, Set<number>>();
  /** Battles a heartbeat took over whose rooms are not running yet (restoreTaken). */
  private unrestored = new Set<number>();
  private readonly intervals: NodeJS.Timeout[] = [];
  private readonly snapshots: Snapshots;
  private stopped = false;
  private readonly storage: HostStorage;
  private readonly roomDeps: RoomDeps;

  private readonly store: PvpStore;
  private readonly transport: PvpTransport;
  private readonly log: Log;
  readonly turnMs: number;
  readonly tuning: HostTuning;

  constructor({ store, transport, time, log, turnMs, tuning = DEFAULT_HOST_TUNING }: HostDeps) {
    this.store = store;
    this.transport = transport;
    this.log = log;
    this.turnMs = turnMs;
    this.tuning = tuning;
    this.snapshots = new Snapshots(store, transport.instanceId, time, tuning.snapshotEveryMs, (id) => this.rooms.get(id));
    this.storage = new HostStorage(store, transport.instanceId, this.snapshots, log, tuning);
    this.roomDeps = {
      storage: this.storage,
      transport: { send: (room, userId, messages) => this.deliver(room, userId, messages) },
      time,
      onDisposed: (room) => this.forget(room),
      onError: (err, room) => log.warn({ err, battleId: room.id }, 'pvp room action failed'),
    };
    // Requests for this instance's rooms, from other instances (or this one, mid-takeover).
    transport.answer((battleId, request, fromElsewhere) => {
      const room = this.rooms.get(battleId);
      return room ? answerRequest(room, request, fromElsewhere, log) : Promise.resolve(MOVING_REPLY);
    });
  }

  get instanceId(): string {
    return this.transport.instanceId;
  }

  /** Counters since start, for /metrics: actions kept, battles settled and the statements their ends took. */
  get stats() {
    return this.storage.stats;
  }

  get size(): number {
    return this.rooms.size;
  }

  async start(): Promise<void> {
    const every = (ms: number, work: () => Promise<unknown>, what: string) => {
      let running = false;
      const timer = setInterval(() => {
        if (running || this.stopped) return;
        running = true;
        work()
          .catch((err: unknown) => this.log.warn({ err }, what))
          .finally(() => (running = false));
      }, ms);
      timer.unref();
      this.intervals.push(timer);
    };
    await this.store.keepAlive(this.instanceId);
    every(this.tuning.flushMs, () => this.flushDue(), 'pvp snapshot failed');
    this.store.onJournalLost(() => this.snapshots.journalLost());
    every(this.tuning.aliveEveryMs, () => this.keepUp(), 'pvp keep-alive failed');
    this.transport.onUserOffline(async (userId) => {
      for (const battleId of this.watching.get(userId) ?? []) await this.spectate(userId, battleId, false).catch(() => null);
      this.watching.delete(userId);
    });
  }

  /** Stops, writes the last snapshots and lets the battles go, so another instance takes them at once. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.storage.stopped = true;
    for (const timer of this.intervals) clearInterval(timer);
    const rooms = [...this.rooms.values()];
    await Promise.allSettled(rooms.map((room) => room.serial(() => undefined)));
    await this.snapshots.all(rooms.map((room) => room.id)).catch((err: unknown) => this.log.warn({ err }, 'pvp snapshot failed'));
    for (const room of rooms) room.dispose();
    await this.store.release(this.instanceId).catch((err: unknown) => this.log.warn({ err }, 'pvp release failed'));
  }

  // ------------------------------------------------------------------ rooms

  /** Runs the new battles the matcher stored (owned by this instance), and tells their players. */
  async open(battles: readonly NewRoom[]): Promise<void> {
    const rooms = await Promise.all(
      battles.map(async ({ row, players, arena }) => {
        const record: BattleRecord = { rules: rulesOf(row.variant), fighters: [row.fighter1, row.fighter2], seed: row.seed, inputs: [] };
        const { state, events } = startBattle(record.rules, record.fighters, record.seed);
        return this.adopt({ id: row.id, variant: row.variant, ghost: row.ghost, friendly: row.friendly, arena, players, record, state, events });
      }),
    );
    for (const room of rooms) room.start(true);
  }

  /** A room this instance runs from now on: found by its players, answering other instances. */
  private async adopt(init: Omit<RoomInit, 'turnMs' | 'ghostThinkMs'>): Promise<BattleRoom> {
    const room = new BattleRoom({ ...init, turnMs: this.turnMs, ghostThinkMs: this.tuning.ghostThinkMs }, this.roomDeps);
    this.rooms.set(room.id, room);
    this.snapshots.adopted(room.id);
    for (const p of room.players) if (p.userId > 0) this.byUser.set(p.userId, room.id);
    return room;
  }

  /** A room that ended or was lost: nobody finds it here any more. */
  private forget(room: BattleRoom): void {
    if (this.rooms.get(room.id) !== room) return;
    this.rooms.delete(room.id);
    this.snapshots.forgotten(room.id);
    for (const p of room.players) if (this.byUser.get(p.userId) === room.id) this.byUser.delete(p.userId);
    if (room.ending) this.storage.forget(room);
  }

  /** To a player's sockets: directly when all of them are here, through the bus otherwise. */
  private deliver(room: BattleRoom, userId: number, messages: readonly ServerMessage[]): void {
    if (userId <= 0 || messages.length === 0) return;
    if (reachesLocally(this.transport, room.remote, userId)) this.transport.toLocal(userId, messages);
    else this.transport.toUser(userId, messages);
  }

  // ------------------------------------------------------------------ what players ask

  /**
   * A player's move or forfeit, wherever their battle runs (`battleId` when the page names it).
   * Answers the queue page's view after it, or nothing (`view: false`: the socket is told by events).
   */
  async act(userId: number, move: PlayerMove, battleId?: number, { view = true }: { view?: boolean } = {}) {
    const local = this.localRoom(userId, battleId);
    if (local) {
      try {
        await local.move(userId, move);
        return view ? battleView(local) : null;
      } catch (err) {
        if (!(err instanceof RoomLost)) throw err;
      }
    }
    const { id, owner } = await this.runningBattle(userId, battleId);
    return this.ask(owner, id, { kind: 'act', userId, move, view });
  }

  private localRoom(userId: number, battleId?: number): BattleRoom | undefined {
    const id = battleId ?? this.byUser.get(userId);
    return id === undefined ? undefined : this.rooms.get(id);
  }

  /** The battle to ask another instance about, and its owner: it must be running and, when named, the player's. */
  private async runningBattle(userId: number, battleId?: number): Promise<{ id: number; owner: string | null }> {
    if (battleId === undefined) {
      const row = await this.store.runningBattleOf(userId);
      if (!row) throw new AppError(404, 'You are not in a battle');
      return row;
    }
    const row = await this.store.battle(battleId);
    if (!row || row.status !== 'active') throw new AppError(404, 'No such battle');
    if (row.player1UserId !== userId && row.player2UserId !== userId) throw new AppError(403, 'This battle is not yours');
    return row;
  }

  private async ask(owner: string | null, battleId: number, request: RoomRequest): Promise<never> {
    const reply = await this.transport.ask(owner, battleId, request);
    if (!reply.ok) throw new AppError(reply.status as AppError['status'], reply.message);
    return reply.result as never;
  }

  /** The player's running battle when this instance runs it (no I/O); null otherwise. */
  localViews(userId: number): RoomViews | null {
    const local = this.localRoom(userId);
    return local ? roomViews(local, userId) : null;
  }

  /** The turn a battle of this instance has reached (undefined when it runs elsewhere or has ended). */
  turnOf(battleId: number): number | undefined {
    return this.rooms.get(battleId)?.state.turn;
  }

  /** The player's running battle as both pages show it, wherever it runs; null when none. */
  async viewFor(userId: number): Promise<RoomViews | null> {
    const local = this.localViews(userId);
    if (local) return local;
    const row = await this.store.runningBattleOf(userId);
    if (!row) return null;
    return this.ask(row.owner, row.id, { kind: 'view', userId }).catch(() => null);
  }

  /** Starts or stops watching a running battle; answers what a spectator sees when starting. */
  async spectate(userId: number, battleId: number, on: boolean): Promise<SpectatorView | null> {
    const mine = this.watching.get(userId) ?? new Set<number>();
    if (on) mine.add(battleId);
    else mine.delete(battleId);
    if (mine.size > 0) this.watching.set(userId, mine);
    else this.watching.delete(userId);
    const local = this.rooms.get(battleId);
    if (local) return local.watch(userId, on);
    const row = await this.store.battle(battleId);
    return this.ask(row?.status === 'active' ? row.owner : null, battleId, { kind: 'spectate', userId, on });
  }

  // ------------------------------------------------------------------ snapshots, keeping alive, takeover

  /** Writes the snapshots of every room changed since its last one, due or not. */
  flush(): Promise<void> {
    return this.snapshots.all();
  }

  /** Writes the snapshots that are due (pvp/host/snapshots.ts). */
  flushDue(): Promise<void> {
    return this.snapshots.due();
  }

  /** Says this instance is alive, lets go of rooms another instance took, and takes over abandoned battles. */
  async keepUp(): Promise<void> {
    const held = [...this.rooms.values()].filter((room) => !room.ending);
    const { lost, taken } = await this.store.heartbeat(this.instanceId, held.map((room) => room.id));
    for (const id of taken) this.unrestored.add(id);
    const gone = new Set(lost);
    for (const room of held) {
      if (!gone.has(room.id) || this.rooms.get(room.id) !== room) continue;
      this.log.warn({ battleId: room.id }, 'pvp battle taken over by another instance');
      room.dispose();
    }
    if (this.unrestored.size > 0) await this.restoreTaken();
  }

  /**
   * Runs the battles taken over whose rooms are not built yet (not those ended meanwhile or taken
   * by another instance after all). No other instance takes a live one's battles: one whose read
   * or restore failed stays in `unrestored` for the next heartbeat.
   */
  private async restoreTaken(): Promise<void> {
    const rows = await this.store.battleRows([...this.unrestored]);
    const mine = rows.filter((row) => row.status === 'active' && row.owner === this.instanceId && !this.rooms.has(row.id));
    this.unrestored = new Set(mine.map((row) => row.id));
    if (mine.length === 0) return;
    const restored = await restoreRooms(this.store, this.instanceId, mine, (init) => this.adopt(init));
    this.storage.stats.takenOver += restored.length;
    for (const room of restored) {
      this.unrestored.delete(room.id);
      this.snapshots.restored(room.id);
      if (room.over) await room.settleNow();
      else room.start(false);
    }
  }
}
