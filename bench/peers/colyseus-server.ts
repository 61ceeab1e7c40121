import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { other, type BattleEvent, type Side } from '../../src/common/battle-events';
import { formatEvents, formatLog } from '../../src/common/battle-text';
import { CLASS_IDS, type ClassId } from '../../src/common/characters';
import type { CharacterView } from '../../src/common/game-api';
import type { PvpBattleView, PvpLogEntry, RealtimeBattleView } from '../../src/common/pvp';
import { maxHp, type Fighter } from '../../src/server/domain/battle';
import { CURRENT_TUNING, statsAtLevel } from '../../src/server/domain/classes';
import { isNoContest, rngFor, startBattle, step, type Action, type BattleState } from '../../src/server/domain/engine';
import { experienceToNext } from '../../src/server/domain/progression';
import { pvpBattleRewards } from '../../src/server/domain/pvp';
import { defineRoom, defineServer, Room, WebSocketTransport, type ClockTimer, type PeerClient } from './colyseus';

/**
 * The peer of the game's real-time duel on Colyseus (bench/figures/peers.ts): a `duel` room of
 * two players with the same semantics and messages as the game's (src/server/realtime/pvp-room.ts
 * and pvp-rooms.ts), written as a Colyseus room. The fighters and a seed are set on create;
 * `pvp_action` is validated (schema, battle, player, turn), applied by the game's own engine
 * (`step`), and answered with `battle_action` (to both: one encoding, broadcast) and
 * `turn_changed` or `battle_ended` (to each player: they differ). The turn timer runs on the
 * room's clock. Nothing is stored: the room disposes when the battle ends, and a battle dies with
 * its process (the game journals every move and snapshots its rooms, so another instance takes
 * a battle over).
 */

const TURN_SECONDS = 30;

/** What the harness creates a room with: the two players' characters, as the game's seeded ones. */
export interface DuelOptions {
  players: [DuelPlayer, DuelPlayer];
}
export interface DuelPlayer {
  userId: number;
  username: string;
  characterId: number;
  class: ClassId;
  level: number;
  wins: number;
  losses: number;
}

const playerSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  characterId: z.number().int(),
  class: z.enum(CLASS_IDS),
  level: z.number().int().min(1),
  wins: z.number().int(),
  losses: z.number().int(),
});
const optionsSchema = z.object({ players: z.tuple([playerSchema, playerSchema]) });
/** The game's `pvp_action` (src/common/ws-messages.ts), with the room's id as the battle. */
const actionSchema = z.object({ battleId: z.string(), action: z.enum(['attack', 'forfeit']) });

const toPvpLine = (line: { message: string; attacker: string; defenderHp: number; target: Side }): PvpLogEntry => ({
  message: line.message,
  attacker: line.attacker,
  defenderHp: line.defenderHp,
  defender: line.target === 0 ? 'player1' : 'player2',
});

/** The character as the game shows it (src/server/services/character-view.ts), for a seeded one: no gear, no skills. */
function characterView(p: DuelPlayer, fighter: Fighter, createdAt: string): CharacterView {
  const { stats } = fighter;
  return {
    id: p.characterId,
    userId: p.userId,
    name: fighter.name,
    class: p.class,
    level: p.level,
    experience: 0,
    experienceToNext: experienceToNext(p.level),
    wins: p.wins,
    losses: p.losses,
    value: 500 + 250 * (p.level - 1) + 20 * p.wins,
    isForged: false,
    stats,
    powerLevel: stats.attack + stats.defense + stats.speed + stats.magic,
    maxHp: maxHp(stats),
    characterAvatar: `${p.class}1`,
    imageSet: 'default',
    statPoints: 0,
    skillPoints: 0,
    lastBattleAt: null,
    lastPvPBattleAt: null,
    createdAt,
    listing: null,
    rating: { rating: 1500, deviation: 350, wins: 0, losses: 0, season: null },
  };
}

interface Seat {
  side: Side;
}

/** The game's views with the room's id (a string in Colyseus) as the battle's. */
type RealtimeView = Omit<RealtimeBattleView, 'battleId'> & { battleId: string };
type BattleView = Omit<PvpBattleView, 'id'> & { id: string };

export class DuelRoom extends Room {
  override maxClients = 2;
  // No synchronized state: the patch interval only ticks the room's clock (the turn timer), and
  // once a second is enough for a 30 s turn. The default (every 50 ms) cost about 40 us more per
  // move at 1,000 battles.
  override patchRate = 1000;

  private players!: [DuelPlayer, DuelPlayer];
  private fighters!: [Fighter, Fighter];
  private views!: [CharacterView, CharacterView];
  private seed = 0;
  private battle: BattleState | null = null;
  private events: BattleEvent[] = [];
  /** Every action so far (what the game journals and snapshots; here only kept in memory). */
  private readonly record: Action[] = [];
  private deadline = new Date();
  private turnTimer: ClockTimer | null = null;
  private ending = false;
  private readonly seats = new Map<PeerClient, Seat>();

  override onCreate(options: DuelOptions): void {
    const { players } = optionsSchema.parse(options);
    this.players = players;
    // The game's fighter of a seeded character (src/server/services/loadout.ts fighterFrom): no gear, no skills.
    const fighter = (p: DuelPlayer): Fighter => ({ name: `Hero${p.userId}`, class: p.class, level: p.level, stats: statsAtLevel(p.class, p.level), abilities: [], tuning: CURRENT_TUNING });
    this.fighters = [fighter(players[0]), fighter(players[1])];
    const createdAt = new Date().toISOString();
    this.views = [characterView(players[0], this.fighters[0], createdAt), characterView(players[1], this.fighters[1], createdAt)];
    this.seed = randomInt(0, 2 ** 31 - 1);
    this.onMessage('pvp_action', actionSchema, (client: PeerClient, message: z.infer<typeof actionSchema>) => this.move(client, message));
  }

  override onJoin(client: PeerClient): void {
    this.seats.set(client, { side: this.seats.size === 0 ? 0 : 1 });
    if (this.seats.size < 2) return;
    const { state, events } = startBattle('realtime', this.fighters, this.seed);
    this.battle = state;
    this.events = events;
    this.restartTimer();
    for (const [player, seat] of this.seats) player.send('battle_started', { battle: this.realtimeView(seat.side) });
  }

  override onDispose(): void {
    this.turnTimer?.clear();
  }

  private move(client: PeerClient, message: z.infer<typeof actionSchema>): void {
    const seat = this.seats.get(client);
    const refuse = (text: string) => client.send('error', { message: text });
    if (!seat || !this.battle) return refuse('You are not in a battle');
    if (message.battleId !== this.roomId) return refuse('No such battle');
    const action: Action = message.action === 'forfeit' ? { type: 'forfeit', side: seat.side } : { type: 'attack' };
    if (action.type === 'attack' && seat.side !== this.battle.current) return refuse('Not your turn');
    const refusal = this.apply(action);
    if (refusal) refuse(refusal);
  }

  /** One action of a player or of the turn timer; a refusal's message, or null. */
  private apply(action: Action): string | null {
    const state = this.battle!;
    if (state.winner !== null || this.ending) return 'This battle is over';
    const before: [number, number] = [state.sides[0].hp, state.sides[1].hp];
    const result = step(state, action, rngFor(state));
    if (!result.ok) return result.message;
    this.battle = result.state;
    this.record.push(action);
    this.events.push(...result.events);
    this.restartTimer();
    const start = this.events[0];
    const lines = start?.type === 'start' ? formatEvents(result.events, start.fighters, before).map(toPvpLine) : [];
    const { sides, turn, current, winner } = result.state;
    lines.forEach((line, i) =>
      this.broadcast('battle_action', { battleId: this.roomId, turn, player1HP: sides[0].hp, player2HP: sides[1].hp, message: line.message, events: i === 0 ? result.events : [] }),
    );
    if (winner === null) {
      const turnDeadline = this.deadline.toISOString();
      for (const [player, seat] of this.seats) player.send('turn_changed', { battleId: this.roomId, yourTurn: seat.side === current, turnDeadline });
    } else {
      this.finish(winner);
    }
    return null;
  }

  private restartTimer(): void {
    this.turnTimer?.clear();
    this.deadline = new Date(Date.now() + TURN_SECONDS * 1000);
    this.turnTimer = this.clock.setTimeout(() => this.apply({ type: 'timeout' }), TURN_SECONDS * 1000);
  }

  /** The end: each player's rewards as the game computes them, then the room goes. */
  private finish(winner: Side): void {
    this.ending = true;
    this.turnTimer?.clear();
    const state = this.battle!;
    const noContest = isNoContest(state);
    const rewards = pvpBattleRewards(this.players[other(winner)].level, { ghost: false, noContest });
    const battle = this.battleView();
    for (const [player, seat] of this.seats) {
      player.send('battle_ended', {
        battleId: this.roomId,
        winner: this.players[winner].userId,
        rewards: seat.side === winner ? rewards.winner : rewards.loser,
        reason: state.reason!,
        noContest,
        battle,
        replayId: null,
        rating: null,
      });
    }
    void this.disconnect();
  }

  /** The real-time page's view for one side (the game's Room.realtimeView). */
  private realtimeView(mine: Side): RealtimeView {
    const state = this.battle!;
    const theirs = other(mine);
    const over = state.winner !== null;
    return {
      battleId: this.roomId,
      status: over ? 'completed' : 'active',
      skills: [],
      opponent: { username: this.players[theirs].username, character: this.views[theirs], hp: state.sides[theirs].hp, maxHP: state.sides[theirs].maxHp, rating: { rating: 1500, deviation: 350 } },
      yourCharacter: {
        character: this.views[mine],
        hp: state.sides[mine].hp,
        maxHP: state.sides[mine].maxHp,
        wins: this.players[mine].wins,
        losses: this.players[mine].losses,
        rating: { rating: 1500, deviation: 350 },
      },
      yourSlot: mine === 0 ? 'player1' : 'player2',
      yourTurn: !over && state.current === mine,
      turnDeadline: over ? null : this.deadline.toISOString(),
      turnSeconds: TURN_SECONDS,
      winner: state.winner === null ? null : this.players[state.winner].userId,
      events: this.events,
      ghost: false,
      spectators: 0,
      arena: null,
    };
  }

  /** The battle as `battle_ended` carries it (the game's Room.battleView). */
  private battleView(): BattleView {
    const state = this.battle!;
    const fighter = (side: Side) => ({
      id: this.players[side].userId,
      username: this.players[side].username,
      character: this.views[side],
      hp: state.sides[side].hp,
      maxHp: state.sides[side].maxHp,
      rating: { rating: 1500, deviation: 350 },
    });
    return {
      id: this.roomId,
      variant: 'realtime',
      status: state.winner === null ? 'active' : 'completed',
      player1: fighter(0),
      player2: fighter(1),
      currentTurn: this.players[state.current].userId,
      turnCount: state.turn,
      turnDeadline: this.deadline.toISOString(),
      turnSeconds: TURN_SECONDS,
      battleLog: formatLog(this.events).map(toPvpLine),
      specialCooldown: { [this.players[0].userId]: state.sides[0].specialCooldown, [this.players[1].userId]: state.sides[1].specialCooldown },
      winner: state.winner === null ? null : this.players[state.winner].userId,
      events: this.events,
      replayId: null,
      ghost: false,
      spectators: 0,
    };
  }
}

const server = defineServer({
  transport: new WebSocketTransport(),
  rooms: { duel: defineRoom(DuelRoom) },
  greet: false,
});
await server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
