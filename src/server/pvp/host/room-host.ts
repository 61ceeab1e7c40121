import { randomUUID } from 'node:crypto';
import type { BattleEvent, Side } from '@common/battle-events';
import type { ArenaId } from '@common/arenas';
import type { PvpBattleView, RealtimeBattleView, SpectatorView } from '@common/pvp';
import type { ServerMessage } from '@common/ws-messages';
import type { AppContext } from '../context';
import { countStatements } from '../db/client';
import { startBattle, type Action } from '../domain/engine';
import { aiAction, replayBattle } from '../domain/engine-replay';
import { AppError } from '../services/errors';
import { settleBattle } from '../services/pvp-end';
import { battleRow, playersOf, releaseLeases, renewLeases, runningBattle, takeOverBattles, writeSnapshots, type BattleRow } from '../services/pvp-store';
import { replaySide } from '../services/replays';
import type { Unsubscribe } from './bus';
import type { Gateway } from './gateway';
import { Room, type RoomPlayer } from './pvp-room';

/**
 * PvP rooms (DESIGN §4, §5): every running battle lives in the memory of one instance, its
 * owner, which holds a lease on the battle's row. Actions are applied there by the engine and
 * answered without a database round trip: an action is first appended to a journal beside the
 * bus (so an acknowledged action survives the owner's death), then both players (and any
 * spectators) are told, directly when their sockets are here, through the bus otherwise. The
 * owner runs the turn timer and writes snapshots of its rooms in batches behind the moves. An
 * action or a request landing on another instance is forwarded to the owner over the bus. If the
 * owner dies, another instance takes the lease within seconds and goes on from the snapshot and
 * the journal. The end is settled once, in one transaction.
 */

export interface RoomsTuning {
  /** How often the snapshots of changed rooms are written. */
  flushMs: number;
  /** How often leases are renewed and abandoned battles taken over. */
  leaseEveryMs: number;
  /** How long the ghost thinks before it moves. */
  ghostThinkMs: number;
  /** How long a forwarded request waits for the owner's answer. */
  replyTimeoutMs: number;
  /** Counts the statements of each battle's end for /metrics (the app's `countStatements`). */
  countStatements: boolean;
}

export const DEFAULT_ROOMS_TUNING: RoomsTuning = { flushMs: 250, leaseEveryMs: 1000, ghostThinkMs: 700, replyTimeoutMs: 3000, countStatements: false };

/** A new battle the matcher stored, for this instance to run. */
export interface NewRoom {
  row: BattleRow;
  players: [RoomPlayer, RoomPlayer];
  arena: ArenaId | null;
}

export type PlayerMove = 'attack' | 'defend' | 'special' | 'forfeit';

type RoomRequest =
  | { kind: 'act'; userId: number; move: PlayerMove; view: boolean; requestId: string; replyTo: string }
  | { kind: 'view'; userId: number; requestId: string; replyTo: string }
  | { kind: 'spectate'; userId: number; on: boolean; requestId: string; replyTo: string };
type Reply = { requestId: string; ok: true; result: unknown } | { requestId: string; ok: false; status: number; message: string };

export interface RoomViews {
  variant: 'queue' | 'realtime';
  battle: PvpBattleView;
  realtime: RealtimeBattleView;
}

const roomChannel = (battleId: number) => `pvp-room:${battleId}`;
const replyChannel = (instanceId: string) => `pvp-reply:${instanceId}`;
const journalKey = (battleId: number) => `pvp:${battleId}`;

export class PvpRooms {
  readonly instanceId = randomUUID();
  private readonly rooms = new Map<number, Room>();
  private readonly byUser = new Map<number, number>();
  private readonly chains = new Map<number, Promise<unknown>>();
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private readonly dirty = new Set<number>();
  private readonly subscriptions = new Map<number, Promise<Unsubscribe>>();
  private readonly pending = new Map<string, (reply: Reply) => void>();
  /** Battles each local player watches, to stop watching when they leave. */
  private readonly watching = new Map<number, Set<number>>();
  private readonly intervals: NodeJS.Timeout[] = [];
  private unsubscribeReplies: Unsubscribe | null = null;
  private stopped = false;
  readonly tuning: RoomsTuning;

  constructor(
    private readonly ctx: AppContext,
    private readonly gateway: Gateway,
    tuning: Partial<RoomsTuning> = {},
  ) {
    this.tuning = { ...DEFAULT_ROOMS_TUNING, ...tuning };
  }

  get turnMs(): number {
    return this.ctx.config.PVP_TURN_SECONDS * 1000;
  }

  /** Counters since start, for /metrics: actions applied, battles settled and (when counting) the statements their ends took. */
  readonly stats = { actions: 0, ended: 0, endStatements: 0 };

  /** Local rooms (tests, metrics). */
  get size(): number {
    return this.rooms.size;
  }

  async start(): Promise<void> {
    this.unsubscribeReplies = await this.ctx.bus.subscribe(replyChannel(this.instanceId), (event) => this.onReply(event as Reply));
    const every = (ms: number, work: () => Promise<unknown>, what: string) => {
      let running = false;
      const timer = setInterval(() => {
        if (running || this.stopped) return;
        running = true;
        work()
          .catch((err: unknown) => this.ctx.log.warn({ err }, what))
          .finally(() => (running = false));
      }, ms);
      timer.unref();
      this.intervals.push(timer);
    };
    every(this.tuning.flushMs, () => this.flush(), 'pvp snapshot failed');
    every(this.tuning.leaseEveryMs, () => this.keepLeases(), 'pvp lease renewal failed');
    this.gateway.onUserOffline(async (userId) => {
      for (const battleId of this.watching.get(userId) ?? []) await this.spectate(userId, battleId, false).catch(() => null);
      this.watching.delete(userId);
    });
  }

  /** Stops, writes the last snapshots and lets the battles go, so another instance takes them at once. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const timer of this.intervals) clearInterval(timer);
    for (const timer of this.timers.values()) clearTimeout(timer);
    await Promise.allSettled([...this.chains.values()]);
    await this.flush().catch((err: unknown) => this.ctx.log.warn({ err }, 'pvp snapshot failed'));
    await releaseLeases(this.ctx, this.instanceId).catch((err: unknown) => this.ctx.log.warn({ err }, 'pvp lease release failed'));
    await Promise.allSettled([...this.subscriptions.values()].map(async (s) => (await s)()));
    await this.unsubscribeReplies?.();
  }

  // ------------------------------------------------------------------ rooms

  /** Runs the new battles the matcher stored (owned by this instance), and tells their players. */
  async open(battles: readonly NewRoom[]): Promise<void> {
    const now = this.ctx.clock.now();
    await Promise.all(
      battles.map(async ({ row, players, arena }) => {
        const fighters = [row.fighter1, row.fighter2] as const;
        const { state, events } = startBattle(row.variant, fighters, row.seed);
        const room = new Room(row.id, row.variant, row.ghost, arena, players, { rules: row.variant, fighters: [...fighters], seed: row.seed, inputs: [] }, state, events, new Date(now.getTime() + this.turnMs), this.turnMs);
        await this.adopt(room);
      }),
    );
    for (const { row } of battles) {
      const room = this.rooms.get(row.id);
      if (room) this.announceStart(room, true);
    }
  }

  private async adopt(room: Room): Promise<void> {
    this.rooms.set(room.id, room);
    for (const p of room.players) if (p.userId > 0) this.byUser.set(p.userId, room.id);
    const subscription = this.ctx.bus.subscribe(roomChannel(room.id), (event) => void this.onRequest(room.id, event as RoomRequest));
    this.subscriptions.set(room.id, subscription);
    await subscription;
    this.schedule(room);
  }

  private drop(room: Room): void {
    clearTimeout(this.timers.get(room.id));
    this.timers.delete(room.id);
    this.rooms.delete(room.id);
    this.dirty.delete(room.id);
    for (const p of room.players) if (this.byUser.get(p.userId) === room.id) this.byUser.delete(p.userId);
    const subscription = this.subscriptions.get(room.id);
    this.subscriptions.delete(room.id);
    void subscription?.then((unsubscribe) => unsubscribe()).catch(() => undefined);
  }

  /** One room's actions run one after another. */
  private serial<T>(battleId: number, work: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(battleId) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    this.chains.set(battleId, settled);
    void settled.then(() => {
      if (this.chains.get(battleId) === settled) this.chains.delete(battleId);
    });
    return next;
  }

  /** The turn timer, or the ghost's next move. */
  private schedule(room: Room): void {
    clearTimeout(this.timers.get(room.id));
    if (room.over) return;
    const act = (userId: number | null, action: () => Action) => () => void this.serial(room.id, () => this.apply(room, userId, action())).catch(() => undefined);
    const timer = room.ghostToMove
      ? setTimeout(act(null, () => aiAction(room.state)), this.tuning.ghostThinkMs)
      : setTimeout(act(null, () => ({ type: 'timeout' })), Math.max(0, room.deadline.getTime() - this.ctx.clock.now().getTime()));
    timer.unref();
    this.timers.set(room.id, timer);
  }

  // ------------------------------------------------------------------ actions

  /**
   * A player's move or forfeit, wherever their battle runs (`battleId` when the page names it).
   * Answers the queue page's view after it; a socket move, told by the events, answers nothing.
   */
  async act(userId: number, move: PlayerMove, battleId?: number): Promise<PvpBattleView>;
  async act(userId: number, move: PlayerMove, battleId: number | undefined, options: { view: false }): Promise<null>;
  async act(userId: number, move: PlayerMove, battleId?: number, { view = true }: { view?: boolean } = {}): Promise<PvpBattleView | null> {
    const local = this.localRoom(userId, battleId);
    if (local) return this.serial(local.id, () => this.applyMove(local, userId, move, view));
    const id = battleId === undefined ? await this.runningBattleId(userId) : await this.runningBattleOf(userId, battleId);
    return (await this.request(id, { kind: 'act', userId, move, view })) as PvpBattleView | null;
  }

  /**
   * A battle named by the page that is not in this process: it must be running and the player's
   * before the request goes to its owner (an ended or unknown battle would otherwise wait for an
   * owner that does not exist and then be told it was moving).
   */
  private async runningBattleOf(userId: number, battleId: number): Promise<number> {
    const row = await battleRow(this.ctx, battleId);
    if (!row || row.status !== 'active') throw new AppError(404, 'No such battle');
    if (row.player1UserId !== userId && row.player2UserId !== userId) throw new AppError(403, 'This battle is not yours');
    return row.id;
  }

  private localRoom(userId: number, battleId?: number): Room | undefined {
    const id = battleId ?? this.byUser.get(userId);
    return id === undefined ? undefined : this.rooms.get(id);
  }

  private async runningBattleId(userId: number): Promise<number> {
    const row = await runningBattle(this.ctx, userId);
    if (!row) throw new AppError(404, 'You are not in a battle');
    return row.id;
  }

  private async applyMove(room: Room, userId: number, move: PlayerMove, view: boolean): Promise<PvpBattleView | null> {
    const side = room.sideOf(userId);
    if (side === null) throw new AppError(403, 'This battle is not yours');
    const action: Action = move === 'forfeit' ? { type: 'forfeit', side } : { type: move };
    await this.apply(room, userId, action);
    return view ? room.battleView() : null;
  }

  /** Applies an action, journals it, tells everyone and, at the end, settles the battle. */
  private async apply(room: Room, userId: number | null, action: Action): Promise<void> {
    const outcome = room.act(userId, action, this.ctx.clock.now());
    if (!outcome.ok) throw new AppError(outcome.status, outcome.message);
    this.stats.actions += 1;
    // Journaled before anyone hears of it: an acknowledged action survives this instance.
    await this.ctx.bus.appendJournal(journalKey(room.id), action).catch((err: unknown) => this.ctx.log.warn({ err }, 'pvp journal append failed'));
    this.dirty.add(room.id);
    this.schedule(room);
    this.tellAction(room, outcome.lines, outcome.events);
    if (outcome.ended) await this.finish(room);
  }

  // ------------------------------------------------------------------ telling

  /** To a player's sockets: directly when all of them are here, through the bus otherwise. */
  private deliver(room: Room, userId: number, message: ServerMessage): void {
    if (userId <= 0) return;
    const sent = !room.remote.has(userId) && this.gateway.localConnections(userId) > 0 ? this.gateway.sendLocal(userId, message) : this.gateway.sendToUser(userId, message);
    void sent.catch((err: unknown) => this.ctx.log.warn({ err, userId }, 'pvp message not delivered'));
  }

  private players(room: Room): number[] {
    return room.players.map((p) => p.userId).filter((id) => id > 0);
  }

  /** The battle begins (or is back after a takeover): each page gets its opening messages. */
  private announceStart(room: Room, fresh: boolean): void {
    for (const userId of this.players(room)) {
      if (room.variant === 'queue') {
        this.deliver(room, userId, { type: fresh ? 'battle_matched' : 'battle_turn', battle: room.battleView() });
        continue;
      }
      if (fresh) this.deliver(room, userId, { type: 'battle_found', battle: room.realtimeView(userId, 'waiting') });
      this.deliver(room, userId, { type: 'battle_started', battle: room.realtimeView(userId, 'active') });
    }
  }

  private tellAction(room: Room, lines: readonly { message: string }[], events: BattleEvent[]): void {
    const turnDeadline = room.deadline.toISOString();
    for (const userId of this.players(room)) {
      if (room.variant === 'queue') {
        this.deliver(room, userId, { type: 'battle_turn', battle: room.battleView() });
        continue;
      }
      const [hp1, hp2] = [room.state.sides[0].hp, room.state.sides[1].hp];
      lines.forEach((line, i) =>
        this.deliver(room, userId, { type: 'battle_action', battleId: room.id, turn: room.state.turn, player1HP: hp1, player2HP: hp2, message: line.message, events: i === 0 ? events : [] }),
      );
      if (!room.over) this.deliver(room, userId, { type: 'turn_changed', battleId: room.id, yourTurn: room.sideOf(userId) === room.state.current, turnDeadline });
    }
    for (const spectator of room.spectators) this.deliver(room, spectator, { type: 'spectate_event', battleId: room.id, events, turnDeadline });
  }

  // ------------------------------------------------------------------ the end

  /** Settles the battle once (retried while the database is away), tells everyone, lets the room go. */
  private async finish(room: Room): Promise<void> {
    room.ending = true;
    clearTimeout(this.timers.get(room.id));
    const winner = room.state.winner as Side;
    const sideLook = (s: Side) => {
      const p = room.players[s];
      const ghost = room.ghost && s === 1;
      return replaySide({ characterId: ghost ? null : p.characterId, userId: ghost ? null : p.userId, username: p.username, characterAvatar: p.view.characterAvatar, imageSet: p.view.imageSet });
    };
    const input = {
      battleId: room.id,
      variant: room.variant,
      ghost: room.ghost,
      players: [
        { userId: room.players[0].userId, characterId: room.players[0].characterId },
        { userId: room.ghost ? null : room.players[1].userId, characterId: room.ghost ? null : room.players[1].characterId },
      ] as const,
      winner,
      reason: room.state.reason!,
      noContest: room.noContest,
      record: room.record,
      hp: [room.state.sides[0].hp, room.state.sides[1].hp] as [number, number],
      sides: [sideLook(0), sideLook(1)] as const,
    };
    let settlement;
    for (let attempt = 0; ; attempt += 1) {
      try {
        const settle = () => settleBattle(this.ctx, { ...input, players: [...input.players], sides: [...input.sides] });
        const counter = { statements: 0 };
        settlement = this.tuning.countStatements ? await countStatements(counter, settle) : await settle();
        this.stats.ended += 1;
        this.stats.endStatements += counter.statements;
        break;
      } catch (err) {
        this.ctx.log.warn({ err, battleId: room.id, attempt }, 'pvp battle could not be settled yet');
        if (this.stopped) return;
        await new Promise((resolve) => setTimeout(resolve, Math.min(5000, 200 * 2 ** attempt)).unref());
      }
    }
    room.replayId = settlement.replayId;
    const view = room.battleView();
    const winnerUser = room.players[winner].userId;
    for (const userId of this.players(room)) {
      this.deliver(room, userId, {
        type: 'battle_ended',
        battleId: room.id,
        winner: winnerUser,
        rewards: settlement.rewards[userId] ?? { experience: 0, credits: 0 },
        reason: room.state.reason!,
        noContest: room.noContest,
        battle: view,
        replayId: settlement.replayId,
        rating: settlement.ratings[userId] ?? null,
      });
    }
    for (const spectator of room.spectators) this.deliver(room, spectator, { type: 'spectate_ended', battleId: room.id, winner, replayId: settlement.replayId });
    await this.ctx.bus.dropJournal(journalKey(room.id)).catch(() => undefined);
    this.drop(room);
  }

  // ------------------------------------------------------------------ views and spectators

  /** The player's running battle when this instance runs it (no I/O); null otherwise. */
  localViews(userId: number): RoomViews | null {
    const local = this.localRoom(userId);
    return local ? { variant: local.variant, battle: local.battleView(), realtime: local.realtimeView(userId) } : null;
  }

  /** The player's running battle as both pages show it, wherever it runs; null when none. */
  async viewFor(userId: number): Promise<RoomViews | null> {
    const local = this.localViews(userId);
    if (local) return local;
    const row = await runningBattle(this.ctx, userId);
    if (!row) return null;
    return (await this.request(row.id, { kind: 'view', userId }).catch(() => null)) as RoomViews | null;
  }

  /** Starts or stops watching a running battle; answers what a spectator sees when starting. */
  async spectate(userId: number, battleId: number, on: boolean): Promise<SpectatorView | null> {
    const mine = this.watching.get(userId) ?? new Set<number>();
    if (on) mine.add(battleId);
    else mine.delete(battleId);
    if (mine.size > 0) this.watching.set(userId, mine);
    else this.watching.delete(userId);
    const local = this.rooms.get(battleId);
    if (local) return this.serial(battleId, async () => this.watch(local, userId, on));
    return (await this.request(battleId, { kind: 'spectate', userId, on })) as SpectatorView | null;
  }

  private watch(room: Room, userId: number, on: boolean): SpectatorView | null {
    if (room.sideOf(userId) !== null) throw new AppError(409, 'You are fighting this battle');
    const before = room.spectators.size;
    if (on) room.spectators.add(userId);
    else room.spectators.delete(userId);
    if (room.spectators.size !== before) {
      for (const p of this.players(room)) this.deliver(room, p, { type: 'spectators', battleId: room.id, count: room.spectators.size });
    }
    return on ? room.spectatorView() : null;
  }

  // ------------------------------------------------------------------ forwarding

  /** Sends a request to the battle's owner and waits for its answer. */
  private request(battleId: number, body: { kind: 'act'; userId: number; move: PlayerMove; view: boolean } | { kind: 'view'; userId: number } | { kind: 'spectate'; userId: number; on: boolean }): Promise<unknown> {
    const requestId = randomUUID();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(requestId);
        reject(new AppError(409, 'The battle is moving to another server. Try again in a few seconds.'));
      }, this.tuning.replyTimeoutMs);
      timer.unref();
      this.pending.set(requestId, (reply) => {
        clearTimeout(timer);
        this.pending.delete(requestId);
        if (reply.ok) resolve(reply.result);
        else reject(new AppError(reply.status as AppError['status'], reply.message));
      });
      this.ctx.bus.publish(roomChannel(battleId), { ...body, requestId, replyTo: this.instanceId } satisfies RoomRequest).catch((err: unknown) => {
        clearTimeout(timer);
        this.pending.delete(requestId);
        reject(err instanceof Error ? err : new Error(String(err)));
      });
    });
  }

  private onReply(reply: Reply): void {
    this.pending.get(reply.requestId)?.(reply);
  }

  /** A request forwarded from another instance, for a room of this one. */
  private async onRequest(battleId: number, request: RoomRequest): Promise<void> {
    const room = this.rooms.get(battleId);
    if (!room) return; // not ours (any more): the new owner answers
    const answer = async (work: () => Promise<unknown>) => {
      let reply: Reply;
      try {
        reply = { requestId: request.requestId, ok: true, result: await work() };
      } catch (err) {
        const known = err instanceof AppError;
        if (!known) this.ctx.log.error({ err, battleId }, 'forwarded pvp request failed');
        reply = { requestId: request.requestId, ok: false, status: known ? err.status : 409, message: known ? err.message : 'Something went wrong. Please try again.' };
      }
      await this.ctx.bus.publish(replyChannel(request.replyTo), reply).catch(() => undefined);
    };
    // Whoever reaches us through the bus has sockets elsewhere: tell them through it from now on.
    if (request.replyTo !== this.instanceId) room.remote.add(request.userId);
    if (request.kind === 'act') await answer(() => this.serial(battleId, () => this.applyMove(room, request.userId, request.move, request.view !== false)));
    else if (request.kind === 'view') await answer(async () => ({ variant: room.variant, battle: room.battleView(), realtime: room.realtimeView(request.userId) }) satisfies RoomViews);
    else await answer(() => this.serial(battleId, async () => this.watch(room, request.userId, request.on)));
  }

  // ------------------------------------------------------------------ snapshots and leases

  /** Writes the snapshots of the rooms changed since the last flush, in one statement. */
  async flush(): Promise<void> {
    const ids = [...this.dirty];
    this.dirty.clear();
    const snapshots = ids.flatMap((id) => {
      const room = this.rooms.get(id);
      if (!room || room.ending) return [];
      return [
        {
          id,
          inputs: [...room.record.inputs],
          hp1: room.state.sides[0].hp,
          hp2: room.state.sides[1].hp,
          currentTurn: room.currentUser > 0 ? room.currentUser : null,
          turnCount: room.state.turn,
          turnDeadline: room.deadline,
        },
      ];
    });
    try {
      await writeSnapshots(this.ctx, this.instanceId, snapshots);
    } catch (err) {
      for (const id of ids) this.dirty.add(id);
      throw err;
    }
  }

  /** Renews this instance's leases, lets go of rooms it lost, and takes over abandoned battles. */
  async keepLeases(): Promise<void> {
    // Only rooms held before the renewal was asked: one opened meanwhile may be newer than its answer.
    const held = [...this.rooms.values()];
    const owned = await renewLeases(this.ctx, this.instanceId);
    for (const room of held) {
      if (this.rooms.get(room.id) === room && !owned.has(room.id) && !room.ending) {
        this.ctx.log.warn({ battleId: room.id }, 'pvp battle taken over by another instance');
        this.drop(room);
      }
    }
    const rows = await takeOverBattles(this.ctx, this.instanceId);
    if (rows.length > 0) await this.restore(rows);
  }

  /** Rooms for battles taken over: the snapshot and the journal give every action so far. */
  private async restore(rows: readonly BattleRow[]): Promise<void> {
    const { views, names } = await playersOf(this.ctx, rows);
    const now = this.ctx.clock.now();
    for (const row of rows) {
      const journal = (await this.ctx.bus.readJournal(journalKey(row.id)).catch(() => [])) as Action[];
      const snapshot = row.inputs;
      const extends_ = journal.length > snapshot.length && snapshot.every((a, i) => JSON.stringify(a) === JSON.stringify(journal[i]));
      const inputs = extends_ ? journal : snapshot;
      const fighters = [row.fighter1, row.fighter2] as const;
      const played = replayBattle({ rules: row.variant, fighters: [...fighters], seed: row.seed, inputs: [...inputs] });
      const player = (side: Side): RoomPlayer => {
        const characterId = (side === 0 ? row.player1CharacterId : row.player2CharacterId) ?? 0;
        const userId = side === 0 ? row.player1UserId : row.ghost ? 0 : (row.player2UserId ?? 0);
        const view = views.get(characterId)!;
        return {
          userId,
          characterId,
          username: row.ghost && side === 1 ? fighters[1].name : (names.get(userId) ?? ''),
          view: row.ghost && side === 1 ? { ...view, name: fighters[1].name } : view,
          rating: { rating: Math.round(side === 0 ? row.rating1 : row.rating2), deviation: view.rating.deviation },
        };
      };
      // The player to move gets a whole turn again: the server that held the battle is gone.
      const room = new Room(row.id, row.variant, row.ghost, null, [player(0), player(1)], { rules: row.variant, fighters: [...fighters], seed: row.seed, inputs: [...inputs] }, played.state, played.events, new Date(now.getTime() + this.turnMs), this.turnMs);
      await this.adopt(room);
      this.dirty.add(room.id);
      if (room.over) await this.serial(room.id, () => this.finish(room));
      else this.announceStart(room, false);
    }
  }
}

