import type { BattleEvent } from '@common/battle-events';
import type { CharacterView } from '@common/game-api';
import type { PvpBattleView, PvpFighterView, QueueStatusView, RealtimeBattleView, SpectatorView } from '@common/pvp';
import type { ServerMessage } from '@common/ws-messages';
import { parseServerMessage } from '@client/lib/server-message';
import type { MessageOf } from './pvp-state';

/** Views and messages as the server sends them, whole, for the PvP state's tests. */

export function character(id: number, name: string): CharacterView {
  return {
    id,
    userId: id,
    name,
    class: 'warrior',
    level: 2,
    experience: 0,
    experienceToNext: 200,
    wins: 1,
    losses: 0,
    value: 770,
    isForged: false,
    stats: { attack: 12, defense: 25, speed: 8, magic: 4 },
    powerLevel: 49,
    maxHp: 50,
    characterAvatar: 'warrior1',
    imageSet: 'default',
    statPoints: 0,
    skillPoints: 1,
    lastBattleAt: null,
    lastPvPBattleAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    listing: null,
    rating: { rating: 1500, deviation: 350, wins: 0, losses: 0, season: '2026-01' },
  };
}

/** A real-time duel (/pvp) as player `ME` (player1) sees it: Ally against bob's Bobby. */
export function realtimeBattle(over: Partial<RealtimeBattleView> = {}): RealtimeBattleView {
  return {
    battleId: 9,
    status: 'active',
    opponent: { username: 'bob', character: character(20, 'Bobby'), hp: 40, maxHP: 40, rating: { rating: 1510, deviation: 300 } },
    yourCharacter: { character: character(10, 'Ally'), hp: 50, maxHP: 50, wins: 1, losses: 0, rating: { rating: 1500, deviation: 350 } },
    yourSlot: 'player1',
    yourTurn: true,
    turnDeadline: null,
    turnSeconds: 30,
    winner: null,
    events: [],
    ghost: false,
    spectators: 0,
    arena: null,
    skills: [],
    ...over,
  };
}

export function fighter(id: number, name: string, hp = 40): PvpFighterView {
  return { id, username: name, character: character(id * 10, `${name}-char`), hp, maxHp: 40, rating: { rating: 1500, deviation: 350 } };
}

/** A queue battle (/pvp-arena) between alice (user 1) and bob (user 2). */
export function queueBattle(over: Partial<PvpBattleView> = {}): PvpBattleView {
  return {
    id: 7,
    variant: 'queue',
    status: 'active',
    player1: fighter(1, 'alice'),
    player2: fighter(2, 'bob'),
    currentTurn: 1,
    turnCount: 1,
    turnDeadline: '2026-01-01T00:00:30.000Z',
    turnSeconds: 30,
    battleLog: [],
    specialCooldown: { '1': 0, '2': 2 },
    winner: null,
    events: [],
    replayId: null,
    ghost: false,
    spectators: 0,
    ...over,
  };
}

/** `battle_ended` of battle `battleId`; its battle carries no events unless given. */
export function battleEnded(battleId: number, over: Partial<MessageOf<'battle_ended'>> = {}): MessageOf<'battle_ended'> {
  return {
    type: 'battle_ended',
    battleId,
    winner: 2,
    rewards: { experience: 0, credits: 0 },
    reason: 'knockout',
    noContest: false,
    battle: queueBattle({ id: battleId, status: 'completed' }),
    replayId: 0,
    rating: null,
    ...over,
  };
}

/** `battle_action`: one line of a move (the first carries the move's events). */
export function battleAction(battleId: number, events: BattleEvent[], over: Partial<MessageOf<'battle_action'>> = {}): MessageOf<'battle_action'> {
  return { type: 'battle_action', battleId, turn: 1, player1HP: 50, player2HP: 40, message: 'x', events, ...over };
}

export function queueStatus(over: Partial<QueueStatusView> = {}): QueueStatusView {
  return { queueTime: 0, playersInQueue: 0, activeBattles: 0, inQueue: false, position: null, battle: null, ghostOffer: null, turnSeconds: 30, ...over };
}

/** What a spectator of battle 4 sees. */
export function spectatorBattle(over: Partial<SpectatorView> = {}): SpectatorView {
  const side = (username: string, id: number) => ({ username, character: character(id, username.toUpperCase()), rating: { rating: 1500, deviation: 350 } });
  return {
    battleId: 4,
    variant: 'realtime',
    fighters: [side('a', 1), side('b', 2)],
    events: [],
    turnDeadline: '2026-01-01T00:00:30.000Z',
    turnSeconds: 30,
    status: 'active',
    winner: null,
    spectators: 2,
    replayId: null,
    ...over,
  };
}

export const chatMessage: MessageOf<'chat_message'> = {
  type: 'chat_message',
  message: { id: 1, userId: 3, username: 'zed', message: 'gg', text: 'gg', type: 'player', createdAt: '2026-01-01T00:00:00.000Z' },
};

/** A message as the socket hands it over: sent as JSON and checked; null when the check drops it. */
export function fromWire(message: unknown): ServerMessage | null {
  return parseServerMessage(JSON.stringify(message));
}
