import { other, type BattleEvent, type Side } from '@common/battle-events';
import { formatLog } from '@common/battle-text';
import type { ArenaId } from '@common/arenas';
import type { CharacterView } from '@common/game-api';
import type { DuelSkillView } from '@common/duel';
import type { PvpBattleView, PvpLogEntry, PvpRewardsView, PvpVariant, RatingView, RealtimeBattleView, SpectatorView } from '@common/pvp';
import type { ServerMessage } from '@common/ws-messages';
import { turnsUntilReady, type BattleState } from '../../domain/engine';

/**
 * The PvP protocol (SPEC §7, docs/battle-protocol.md): every message a battle sends, built from
 * what the room holds. Pure: no clock, no network; the room decides when and to whom.
 */

/** A side of a battle: the player (user id 0 for a ghost), the character as shown, its rating when matched. */
export interface RoomPlayer {
  userId: number;
  characterId: number;
  username: string;
  view: CharacterView;
  rating: RatingView;
}

/** What a message is built from: a room as it stands. */
export interface RoomState {
  readonly id: number;
  readonly variant: PvpVariant;
  readonly ghost: boolean;
  /** A duel from a challenge: unrated, pays nothing. */
  readonly friendly: boolean;
  readonly arena: ArenaId | null;
  readonly players: readonly [RoomPlayer, RoomPlayer];
  readonly state: BattleState;
  readonly events: readonly BattleEvent[];
  readonly deadline: Date;
  readonly turnMs: number;
  readonly spectatorCount: number;
  readonly replayId: number | null;
}

/** How a battle's end is told to each player. */
export interface Settlement {
  replayId: number;
  rewards: Record<number, PvpRewardsView>;
  ratings: Record<number, { before: RatingView; after: RatingView } | null>;
}

export const over = (room: RoomState) => room.state.winner !== null;
export const sideOf = (room: RoomState, userId: number): Side | null =>
  room.players[0].userId === userId ? 0 : !room.ghost && room.players[1].userId === userId ? 1 : null;
/** The user whose turn it is (0 for a ghost). */
export const currentUser = (room: RoomState) => room.players[room.state.current].userId;
/** The real players of a battle (not a ghost). */
export const playerIds = (room: RoomState) => room.players.map((p) => p.userId).filter((id) => id > 0);

export function toPvpLine(line: { message: string; attacker: string; defenderHp: number; target: Side }): PvpLogEntry {
  return { message: line.message, attacker: line.attacker, defenderHp: line.defenderHp, defender: line.target === 0 ? 'player1' : 'player2' };
}

/** The queue page's view (SPEC §3). */
/** A room's view; at the end, each rated player's rating as the settlement left it (`ratings`). */
export function battleView(room: RoomState, ratings?: Settlement['ratings']): PvpBattleView {
  const fighter = (side: Side) => ({
    id: room.players[side].userId,
    username: room.players[side].username,
    character: room.players[side].view,
    hp: room.state.sides[side].hp,
    maxHp: room.state.sides[side].maxHp,
    rating: ratings?.[room.players[side].userId]?.after ?? room.players[side].rating,
  });
  return {
    id: room.id,
    variant: room.variant,
    status: over(room) ? 'completed' : 'active',
    player1: fighter(0),
    player2: fighter(1),
    currentTurn: currentUser(room),
    turnCount: room.state.turn,
    turnDeadline: room.deadline.toISOString(),
    turnSeconds: room.turnMs / 1000,
    battleLog: formatLog(room.events).map(toPvpLine),
    specialCooldown: { [room.players[0].userId]: room.state.sides[0].specialCooldown, [room.players[1].userId]: room.state.sides[1].specialCooldown },
    winner: room.state.winner === null ? null : room.players[room.state.winner].userId,
    events: [...room.events],
    replayId: room.replayId,
    ghost: room.ghost,
    spectators: room.spectatorCount,
  };
}

/** A side's learned skills that can be chosen (those with an id), and when each is ready. */
export function duelSkills(state: BattleState, side: Side): DuelSkillView[] {
  const combatant = state.sides[side];
  return (combatant.fighter.abilities ?? []).flatMap((ability, index) =>
    ability.id === undefined
      ? []
      : [{ skillId: ability.id, name: ability.name, kind: ability.kind, damageMultiplier: ability.damageMultiplier, cooldownTurns: ability.cooldownTurns, readyIn: turnsUntilReady(combatant, index) }],
  );
}

/** The real-time page's view, for one of the players. */
export function realtimeView(room: RoomState, userId: number, status?: RealtimeBattleView['status']): RealtimeBattleView {
  const mine = sideOf(room, userId) ?? 0;
  const theirs = other(mine);
  const me = room.players[mine];
  const them = room.players[theirs];
  const ended = over(room);
  return {
    battleId: room.id,
    status: status ?? (ended ? 'completed' : 'active'),
    opponent: { username: them.username, character: them.view, hp: room.state.sides[theirs].hp, maxHP: room.state.sides[theirs].maxHp, rating: them.rating },
    yourCharacter: { character: me.view, hp: room.state.sides[mine].hp, maxHP: room.state.sides[mine].maxHp, wins: me.view.wins, losses: me.view.losses, rating: me.rating },
    yourSlot: mine === 0 ? 'player1' : 'player2',
    yourTurn: !ended && room.state.current === mine,
    turnDeadline: ended ? null : room.deadline.toISOString(),
    turnSeconds: room.turnMs / 1000,
    winner: room.state.winner === null ? null : room.players[room.state.winner].userId,
    events: [...room.events],
    ghost: room.ghost,
    friendly: room.friendly,
    spectators: room.spectatorCount,
    arena: room.arena,
    skills: duelSkills(room.state, mine),
  };
}

export function spectatorView(room: RoomState): SpectatorView {
  const side = (s: Side) => ({ username: room.players[s].username, character: room.players[s].view, rating: room.players[s].rating });
  return {
    battleId: room.id,
    variant: room.variant,
    fighters: [side(0), side(1)],
    events: [...room.events],
    turnDeadline: room.deadline.toISOString(),
    turnSeconds: room.turnMs / 1000,
    status: over(room) ? 'completed' : 'active',
    winner: room.state.winner,
    spectators: room.spectatorCount,
    replayId: room.replayId,
  };
}

/** Both pages' views of the player's battle (the HTTP queue status and `pvp_state` read these). */
export interface RoomViews {
  variant: PvpVariant;
  battle: PvpBattleView;
  realtime: RealtimeBattleView;
}

export const roomViews = (room: RoomState, userId: number): RoomViews => ({ variant: room.variant, battle: battleView(room), realtime: realtimeView(room, userId) });

/** A running battle as the socket tells it to one of its players (after a reconnect, `pvp_state`). */
export function stateMessage(views: RoomViews): ServerMessage {
  return views.variant === 'realtime' ? { type: 'battle_started', battle: views.realtime } : { type: 'battle_turn', battle: views.battle };
}

/** The battle begins (`fresh`) or is back after a takeover: each player's opening messages. */
export function startMessages(room: RoomState, userId: number, fresh: boolean): ServerMessage[] {
  if (room.variant === 'queue') return [{ type: fresh ? 'battle_matched' : 'battle_turn', battle: battleView(room) }];
  const opening: ServerMessage[] = fresh ? [{ type: 'battle_found', battle: realtimeView(room, userId, 'waiting') }] : [];
  return [...opening, { type: 'battle_started', battle: realtimeView(room, userId, 'active') }];
}

/**
 * What every player hears of one action: on the queue page its view again; on the real-time page
 * a `battle_action` per log line (the same for both players) and whose turn it is now.
 */
export function actionMessages(room: RoomState, lines: readonly PvpLogEntry[], events: readonly BattleEvent[]): { shared: ServerMessage[]; perPlayer: (userId: number) => ServerMessage[] } {
  if (room.variant === 'queue') {
    const message: ServerMessage = { type: 'battle_turn', battle: battleView(room) };
    return { shared: [message], perPlayer: () => [] };
  }
  const [hp1, hp2] = [room.state.sides[0].hp, room.state.sides[1].hp];
  const shared: ServerMessage[] = lines.map((line, i) => ({
    type: 'battle_action',
    battleId: room.id,
    turn: room.state.turn,
    player1HP: hp1,
    player2HP: hp2,
    message: line.message,
    events: i === 0 ? [...events] : [],
  }));
  const turnDeadline = room.deadline.toISOString();
  const perPlayer = (userId: number): ServerMessage[] => {
    const side = sideOf(room, userId);
    if (over(room) || side === null) return [];
    return [{ type: 'turn_changed', battleId: room.id, yourTurn: side === room.state.current, turnDeadline, skills: duelSkills(room.state, side) }];
  };
  return { shared, perPlayer };
}

export const spectateEvent = (room: RoomState, events: readonly BattleEvent[]): ServerMessage => ({
  type: 'spectate_event',
  battleId: room.id,
  events: [...events],
  turnDeadline: room.deadline.toISOString(),
});

/** The end, to one of the players (`battle`: the room's view, built once for both of them). */
export function endedMessage(room: RoomState, userId: number, settlement: Settlement, noContest: boolean, battle: PvpBattleView = battleView(room)): ServerMessage {
  const winner = room.state.winner as Side;
  return {
    type: 'battle_ended',
    battleId: room.id,
    winner: room.players[winner].userId,
    rewards: settlement.rewards[userId] ?? { experience: 0, credits: 0 },
    reason: room.state.reason!,
    noContest,
    battle,
    replayId: settlement.replayId,
    rating: settlement.ratings[userId] ?? null,
  };
}

export const spectateEnded = (room: RoomState, replayId: number): ServerMessage => ({ type: 'spectate_ended', battleId: room.id, winner: room.state.winner as Side, replayId });

export const spectatorsMessage = (room: RoomState): ServerMessage => ({ type: 'spectators', battleId: room.id, count: room.spectatorCount });
