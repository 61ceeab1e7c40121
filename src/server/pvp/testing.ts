import type { CharacterView } from '@common/game-api';
import type { ServerMessage } from '@common/ws-messages';
import type { Fighter } from '../domain/battle';
import { statsAtLevel } from '../domain/classes';
import { startBattle, type Action } from '../domain/engine';
import { rulesOf } from '../domain/pvp';
import type { Clock } from '../context';
import type { PvpStore, PvpTransport, RoomHandler } from './ports';
import type { RoomPlayer, Settlement } from './room/protocol';
import { ALIVE_MS, type BattleRow } from './storage/battles';
import type { SettleInput } from './storage/settle';
import type { StoredBattle } from './storage/new-battles';
import { MOVING_REPLY } from './transport';

/**
 * In-memory stand-ins for PvP's store and transport (unit tests of rooms and hosts, without
 * PostgreSQL or Redis): the same contracts, kept in maps. Several hosts share one `MemoryStore`
 * and one `MemoryNetwork` as instances share the database and the bus.
 */

const unsupported = (what: string) => () => Promise.reject(new Error(`${what}: not kept by the memory store`));

export class MemoryStore implements PvpStore {
  readonly battles = new Map<number, BattleRow>();
  readonly alive = new Map<string, number>();
  readonly journals = new Map<number, Action[]>();
  readonly journalOwners = new Map<number, string>();
  readonly settled: SettleInput[] = [];
  /** How many settlements were written in each call (battles ending together share one). */
  readonly settleCalls: number[] = [];
  private nextId = 1;

  constructor(private readonly clock: Clock) {}

  /** A running battle between two fighters, owned by `owner`, as the matcher would store it. */
  newBattle(owner: string, fighters: [Fighter, Fighter], { variant = 'realtime' as BattleRow['variant'], seed = 7, userIds = [101, 102] as [number, number] } = {}): StoredBattle {
    const { state } = startBattle(rulesOf(variant), fighters, seed);
    const now = this.clock.now();
    const row: BattleRow = {
      id: this.nextId++,
      variant,
      status: 'active',
      player1UserId: userIds[0],
      player1CharacterId: userIds[0] * 10,
      player2UserId: userIds[1],
      player2CharacterId: userIds[1] * 10,
      ghost: false,
      friendly: false,
      hp1: state.sides[0].hp,
      hp2: state.sides[1].hp,
      maxHp1: state.sides[0].maxHp,
      maxHp2: state.sides[1].maxHp,
      currentTurn: null,
      turnCount: 0,
      turnDeadline: now,
      seed,
      fighter1: fighters[0],
      fighter2: fighters[1],
      inputs: [],
      rating1: 1500,
      rating2: 1500,
      owner,
      winner: null,
      reason: null,
      replayId: null,
      createdAt: now,
      endedAt: null,
    };
    this.battles.set(row.id, row);
    const players = [0, 1].map((side) => testPlayer(userIds[side]!, fighters[side]!)) as [RoomPlayer, RoomPlayer];
    return { row, players, arena: null };
  }

  join = unsupported('join');
  leave = async () => false;
  matchPass = unsupported('matchPass');
  anyoneWaiting = async () => false;
  offerGhosts = async () => [];
  takeGhost = unsupported('takeGhost');

  async keepAlive(owner: string): Promise<void> {
    this.alive.set(owner, this.clock.now().getTime() + ALIVE_MS);
  }

  async heartbeat(owner: string, held: readonly number[]): Promise<{ lost: number[]; taken: number[] }> {
    const lost = held.filter((id) => this.battles.get(id)?.status !== 'active' || this.battles.get(id)?.owner !== owner);
    await this.keepAlive(owner);
    const now = this.clock.now().getTime();
    const taken: number[] = [];
    for (const row of this.battles.values()) {
      const until = row.owner === null ? undefined : this.alive.get(row.owner);
      if (row.status === 'active' && (until === undefined || until < now)) {
        row.owner = owner;
        taken.push(row.id);
      }
    }
    return { lost, taken };
  }

  async release(owner: string): Promise<void> {
    for (const row of this.battles.values()) if (row.owner === owner) row.owner = null;
    this.alive.delete(owner);
  }

  async writeSnapshots(owner: string, snapshots: Parameters<PvpStore['writeSnapshots']>[1]): Promise<void> {
    for (const s of snapshots) {
      const row = this.battles.get(s.id);
      if (row && row.owner === owner && row.status === 'active') Object.assign(row, { inputs: [...s.inputs], hp1: s.hp1, hp2: s.hp2, currentTurn: s.currentTurn, turnCount: s.turnCount, turnDeadline: s.turnDeadline });
    }
  }

  async settle(inputs: readonly SettleInput[]): Promise<Settlement[]> {
    this.settleCalls.push(inputs.length);
    return inputs.map((input) => {
      this.settled.push(input);
      const row = this.battles.get(input.battleId)!;
      Object.assign(row, { status: 'completed', owner: null, winner: input.players[input.winner].userId, reason: input.reason, inputs: [...input.record.inputs] });
      const winner = input.players[input.winner].userId!;
      const rewards: Settlement['rewards'] = {};
      for (const p of input.players) if (p.userId) rewards[p.userId] = p.userId === winner && !input.noContest ? { experience: 60, credits: 120 } : { experience: 0, credits: 0 };
      return { replayId: 1000 + input.battleId, rewards, ratings: {} };
    });
  }

  async playersOf(rows: readonly BattleRow[]) {
    const views = new Map<number, CharacterView>();
    const names = new Map<number, string>();
    for (const row of rows) {
      for (const [userId, characterId, fighter] of [
        [row.player1UserId, row.player1CharacterId, row.fighter1],
        [row.player2UserId ?? 0, row.player2CharacterId ?? 0, row.fighter2],
      ] as const) {
        views.set(characterId, testPlayer(userId, fighter).view);
        names.set(userId, `player${userId}`);
      }
    }
    return { views, names };
  }

  async runningBattleOf(userId: number) {
    return [...this.battles.values()].find((r) => r.status === 'active' && (r.player1UserId === userId || r.player2UserId === userId));
  }

  async battle(id: number) {
    return this.battles.get(id);
  }

  /** Reads of `battleRows` that fail before one answers (the database gone for a moment). */
  failingReads = 0;

  async battleRows(ids: readonly number[]): Promise<BattleRow[]> {
    if (this.failingReads > 0) {
      this.failingReads -= 1;
      throw new Error('database unreachable');
    }
    return ids.flatMap((id) => {
      const row = this.battles.get(id);
      return row ? [{ ...row, inputs: [...row.inputs] }] : [];
    });
  }

  async appendActions(owner: string, entries: readonly { battleId: number; action: Action }[]): Promise<boolean[]> {
    if (this.journalDown) throw new Error('journal unreachable');
    return entries.map(({ battleId, action }) => {
      const holder = this.journalOwners.get(battleId);
      if (holder !== undefined && holder !== owner) return false;
      this.journalOwners.set(battleId, owner);
      this.journals.set(battleId, [...(this.journals.get(battleId) ?? []), action]);
      return true;
    });
  }

  async claimActions(owner: string, battleId: number): Promise<Action[]> {
    this.journalOwners.set(battleId, owner);
    return [...(this.journals.get(battleId) ?? [])];
  }

  async dropActions(battleIds: readonly number[]): Promise<void> {
    for (const battleId of battleIds) {
      this.journals.delete(battleId);
      this.journalOwners.delete(battleId);
    }
  }

  private readonly journalLost: (() => void)[] = [];

  onJournalLost(listener: () => void): void {
    this.journalLost.push(listener);
  }

  /** The journal store restarts empty (Redis without persistence), and says so as Redis's reconnect would. */
  loseJournals(): void {
    this.journals.clear();
    this.journalOwners.clear();
    for (const listener of this.journalLost) listener();
  }

  /** While true, appends fail as during a Redis outage. */
  journalDown = false;
}

/** The sockets and the bus between in-memory instances: what each user received, and requests between hosts. */
export class MemoryNetwork {
  readonly inbox = new Map<number, ServerMessage[]>();
  /** Each instance's answer to requests for its rooms. */
  private readonly answering = new Map<string, RoomHandler>();

  received(userId: number): ServerMessage[] {
    return this.inbox.get(userId) ?? [];
  }

  /** The messages of a type a user received, in order. */
  of<T extends ServerMessage['type']>(userId: number, type: T): Extract<ServerMessage, { type: T }>[] {
    return this.received(userId).filter((m): m is Extract<ServerMessage, { type: T }> => m.type === type);
  }

  transport(instanceId: string): PvpTransport {
    const deliver = (userId: number, messages: readonly ServerMessage[]) => this.inbox.set(userId, [...this.received(userId), ...messages]);
    return {
      instanceId,
      toLocal: deliver,
      toUser: deliver,
      localConnections: () => 1,
      onUserOffline: () => undefined,
      ask: async (owner, battleId, request) => {
        const handler = owner === null ? undefined : this.answering.get(owner);
        if (!handler) return MOVING_REPLY;
        return handler(battleId, request, owner !== instanceId);
      },
      answer: (handler) => {
        this.answering.set(instanceId, handler);
      },
      close: async () => undefined,
    };
  }
}

/** A level-1 fighter of a class, as matched. */
export function testFighter(name: string, classId: Fighter['class'] = 'warrior', level = 1): Fighter {
  return { name, class: classId, level, stats: statsAtLevel(classId, level) };
}

function testPlayer(userId: number, fighter: Fighter): RoomPlayer {
  const view = {
    id: userId * 10,
    userId,
    name: fighter.name,
    class: fighter.class,
    level: fighter.level,
    rating: { rating: 1500, deviation: 350, wins: 0, losses: 0, season: null },
    wins: 0,
    losses: 0,
    characterAvatar: 'warrior1',
    imageSet: 'default',
  } as unknown as CharacterView;
  return { userId, characterId: userId * 10, username: `player${userId}`, view, rating: { rating: 1500, deviation: 350 } };
}
