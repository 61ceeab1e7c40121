import { other, type BattleEvent, type Side } from '@common/battle-events';
import { formatEvents, formatLog } from '@common/battle-text';
import type { ArenaId } from '@common/arenas';
import type { CharacterView } from '@common/game-api';
import type { PvpBattleView, PvpLogEntry, PvpVariant, RatingView, RealtimeBattleView, SpectatorView } from '@common/pvp';
import { isNoContest, rngFor, step, type Action, type BattleState } from '../domain/engine';
import type { BattleRecord } from '../domain/engine-replay';

/** A side of a room: the player (user id 0 for a ghost), the character as shown, and its rating when matched. */
export interface RoomPlayer {
  userId: number;
  characterId: number;
  username: string;
  view: CharacterView;
  rating: RatingView;
}

export type ActOutcome = { ok: true; events: BattleEvent[]; lines: PvpLogEntry[]; ended: boolean } | { ok: false; message: string; status: 400 | 403 | 404 | 409 };

const toPvpLine = (line: { message: string; attacker: string; defenderHp: number; target: Side }): PvpLogEntry => ({
  message: line.message,
  attacker: line.attacker,
  defenderHp: line.defenderHp,
  defender: line.target === 0 ? 'player1' : 'player2',
});

/**
 * A running PvP battle in the memory of its owner instance: the engine's state, every action
 * so far and every event, and the players as the pages show them. Actions go through `act`;
 * nothing here touches the network or the database.
 */
export class Room {
  /** Players watching, by user id. */
  readonly spectators = new Set<number>();
  /** Players seen acting through another instance: their messages must cross the bus. */
  readonly remote = new Set<number>();
  replayId: number | null = null;
  /** Set once the battle is over and being settled. */
  ending = false;

  constructor(
    readonly id: number,
    readonly variant: PvpVariant,
    readonly ghost: boolean,
    readonly arena: ArenaId | null,
    readonly players: [RoomPlayer, RoomPlayer],
    readonly record: BattleRecord,
    public state: BattleState,
    public events: BattleEvent[],
    public deadline: Date,
    readonly turnMs: number,
  ) {}

  sideOf(userId: number): Side | null {
    if (this.players[0].userId === userId) return 0;
    if (!this.ghost && this.players[1].userId === userId) return 1;
    return null;
  }

  get over(): boolean {
    return this.state.winner !== null;
  }

  /** The user whose turn it is (0 for a ghost). */
  get currentUser(): number {
    return this.players[this.state.current].userId;
  }

  get ghostToMove(): boolean {
    return this.ghost && this.state.current === 1 && !this.over;
  }

  get noContest(): boolean {
    return isNoContest(this.state);
  }

  /**
   * One action of a player (`userId`), or of the game (the ghost's move or the turn timer, with
   * `userId` null). Checks the battle is running, the player is in it and it is their turn.
   */
  act(userId: number | null, action: Action, now: Date): ActOutcome {
    if (this.over || this.ending) return { ok: false, status: 409, message: 'This battle is over' };
    if (userId !== null) {
      const side = this.sideOf(userId);
      if (side === null) return { ok: false, status: 403, message: 'This battle is not yours' };
      if (action.type === 'forfeit' && action.side !== side) return { ok: false, status: 403, message: 'This battle is not yours' };
      if (action.type !== 'forfeit' && action.type !== 'timeout' && side !== this.state.current) return { ok: false, status: 409, message: 'Not your turn' };
    }
    const before: [number, number] = [this.state.sides[0].hp, this.state.sides[1].hp];
    const result = step(this.state, action, rngFor(this.state));
    if (!result.ok) return { ok: false, status: 400, message: result.message };
    this.state = result.state;
    this.record.inputs.push(action);
    this.events.push(...result.events);
    this.deadline = new Date(now.getTime() + this.turnMs);
    const start = this.events[0];
    const fighters = start?.type === 'start' ? start.fighters : null;
    const lines = fighters ? formatEvents(result.events, fighters, before).map(toPvpLine) : [];
    return { ok: true, events: result.events, lines, ended: this.over };
  }

  /** The queue page's view (SPEC §3). */
  battleView(): PvpBattleView {
    const [a, b] = this.state.sides;
    const fighter = (side: Side) => ({
      id: this.players[side].userId,
      username: this.players[side].username,
      character: this.players[side].view,
      hp: this.state.sides[side].hp,
      maxHp: this.state.sides[side].maxHp,
      rating: this.players[side].rating,
    });
    return {
      id: this.id,
      variant: this.variant,
      status: this.over ? 'completed' : 'active',
      player1: fighter(0),
      player2: fighter(1),
      currentTurn: this.currentUser,
      turnCount: this.state.turn,
      turnDeadline: this.deadline.toISOString(),
      turnSeconds: this.turnMs / 1000,
      battleLog: formatLog(this.events).map(toPvpLine),
      specialCooldown: { [this.players[0].userId]: a.specialCooldown, [this.players[1].userId]: b.specialCooldown },
      winner: this.state.winner === null ? null : this.players[this.state.winner].userId,
      events: this.events,
      replayId: this.replayId,
      ghost: this.ghost,
      spectators: this.spectators.size,
    };
  }

  /** The real-time page's view, for one of the players. */
  realtimeView(userId: number, status?: RealtimeBattleView['status']): RealtimeBattleView {
    const mine = this.sideOf(userId) ?? 0;
    const theirs = other(mine);
    const me = this.players[mine];
    const them = this.players[theirs];
    return {
      battleId: this.id,
      status: status ?? (this.over ? 'completed' : 'active'),
      opponent: { username: them.username, character: them.view, hp: this.state.sides[theirs].hp, maxHP: this.state.sides[theirs].maxHp, rating: them.rating },
      yourCharacter: {
        character: me.view,
        hp: this.state.sides[mine].hp,
        maxHP: this.state.sides[mine].maxHp,
        wins: me.view.wins,
        losses: me.view.losses,
        rating: me.rating,
      },
      yourSlot: mine === 0 ? 'player1' : 'player2',
      yourTurn: !this.over && this.state.current === mine,
      turnDeadline: this.over ? null : this.deadline.toISOString(),
      turnSeconds: this.turnMs / 1000,
      winner: this.state.winner === null ? null : this.players[this.state.winner].userId,
      events: this.events,
      ghost: this.ghost,
      spectators: this.spectators.size,
      arena: this.arena,
    };
  }

  spectatorView(): SpectatorView {
    const side = (s: Side) => ({ username: this.players[s].username, character: this.players[s].view, rating: this.players[s].rating });
    return {
      battleId: this.id,
      variant: this.variant,
      fighters: [side(0), side(1)],
      events: this.events,
      turnDeadline: this.deadline.toISOString(),
      turnSeconds: this.turnMs / 1000,
      status: this.over ? 'completed' : 'active',
      winner: this.state.winner,
      spectators: this.spectators.size,
      replayId: this.replayId,
    };
  }
}
