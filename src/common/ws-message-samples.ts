import type { BattleEvent } from './battle-events';
import type { CharacterView } from './game-api';
import type { PvpBattleView, RealtimeBattleView, SpectatorView } from './pvp';
import type { ServerMessage } from './ws-messages';

/** Messages as the server sends them (src/server/realtime): one of every type at least. */

const character: CharacterView = {
  id: 4,
  userId: 2,
  name: 'Neon Blade',
  class: 'rogue',
  level: 3,
  experience: 40,
  experienceToNext: 300,
  wins: 5,
  losses: 2,
  value: 1100,
  isForged: false,
  stats: { attack: 30, defense: 18, speed: 26, magic: 8 },
  powerLevel: 82,
  maxHp: 36,
  characterAvatar: 'rogue1',
  imageSet: 'default',
  statPoints: 0,
  skillPoints: 1,
  lastBattleAt: '2026-11-20T10:00:00.000Z',
  lastPvPBattleAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  listing: null,
  rating: { rating: 1512.4, deviation: 201.7, wins: 1, losses: 0, season: '2026-11' },
};

const events: BattleEvent[] = [
  {
    type: 'start',
    fighters: [
      { name: 'Neon Blade', class: 'rogue', level: 3, maxHp: 36 },
      { name: 'Iron Wall', class: 'tank', level: 3, maxHp: 52 },
    ],
    first: 0,
  },
  { type: 'turn', turn: 1, round: 1, actor: 0 },
  { type: 'hit', actor: 0, target: 1, damage: 9, critical: false, hpAfter: 43, ability: null, flavor: 2 },
];

const fighter = (id: number, username: string) => ({ id, username, character, hp: 36, maxHp: 36, rating: { rating: 1500, deviation: 350 } });

export const battle: PvpBattleView = {
  id: 12,
  variant: 'queue',
  status: 'active',
  player1: fighter(2, 'neo'),
  player2: fighter(0, 'Ghost of Iron Wall'),
  currentTurn: 0,
  turnCount: 1,
  turnDeadline: '2026-11-24T10:00:30.000Z',
  turnSeconds: 30,
  battleLog: [{ message: 'Neon Blade stabs Iron Wall for 9 damage!', attacker: 'Neon Blade', defenderHp: 43, defender: 'player2' }],
  specialCooldown: { '2': 0, '0': 2 },
  winner: null,
  events,
  replayId: null,
  ghost: true,
  spectators: 1,
};

const realtime: RealtimeBattleView = {
  battleId: 13,
  status: 'active',
  opponent: { username: 'trin', character, hp: 30, maxHP: 36, rating: { rating: 1480, deviation: 90 } },
  yourCharacter: { character, hp: 36, maxHP: 36, wins: 5, losses: 2, rating: { rating: 1500, deviation: 350 } },
  yourSlot: 'player1',
  yourTurn: true,
  turnDeadline: '2026-11-24T10:00:30.000Z',
  turnSeconds: 30,
  winner: null,
  events,
  ghost: false,
  spectators: 0,
  arena: 'arena2',
  skills: [{ skillId: 4, name: 'Bitcrush Cleave', kind: 'active', damageMultiplier: 1.48, cooldownTurns: 3, readyIn: 0 }],
};

const spectated: SpectatorView = {
  battleId: 13,
  variant: 'realtime',
  fighters: [
    { username: 'neo', character, rating: { rating: 1500, deviation: 350 } },
    { username: 'trin', character, rating: { rating: 1480, deviation: 90 } },
  ],
  events,
  turnDeadline: '2026-11-24T10:00:30.000Z',
  turnSeconds: 30,
  status: 'active',
  winner: null,
  spectators: 2,
  replayId: null,
};

export const samples: ServerMessage[] = [
  { type: 'auth_success', userId: 2, username: 'neo' },
  {
    type: 'chat_message',
    message: { id: 9, userId: 2, username: 'neo', message: 'gg', text: 'gg', type: 'player', createdAt: '2026-11-24T10:00:00.000Z' },
    clientId: 'c-1',
  },
  { type: 'chat_message', message: { id: 10, userId: null, username: 'System', message: 'A guild was founded', text: 'A guild was founded', type: 'system', createdAt: '2026-11-24T10:00:01.000Z' } },
  { type: 'pong' },
  { type: 'chat_deleted', id: 9 },
  { type: 'error', message: 'Message cannot be empty', clientId: 'c-2' },
  { type: 'battle_matched', battle },
  { type: 'battle_turn', battle: { ...battle, turnCount: 2 } },
  {
    type: 'battle_ended',
    battleId: 12,
    winner: 2,
    rewards: { experience: 25, credits: 40 },
    reason: 'knockout',
    noContest: false,
    battle: { ...battle, status: 'completed', winner: 2, replayId: 77 },
    replayId: 77,
    rating: null,
  },
  {
    type: 'battle_ended',
    battleId: 13,
    winner: 3,
    rewards: { experience: 0, credits: 0 },
    reason: 'forfeit',
    noContest: true,
    battle: { ...battle, id: 13, variant: 'realtime', ghost: false, status: 'completed', winner: 3, replayId: 78 },
    replayId: 78,
    rating: { before: { rating: 1500, deviation: 350 }, after: { rating: 1462.5, deviation: 320.1 } },
  },
  { type: 'queue_joined', position: 1, estimatedWait: 5 },
  { type: 'queue_left' },
  { type: 'battle_found', battle: { ...realtime, status: 'waiting' } },
  { type: 'battle_started', battle: realtime },
  { type: 'battle_started', battle: { ...realtime, opponent: null, turnDeadline: null, arena: null } },
  { type: 'battle_action', battleId: 13, turn: 1, player1HP: 36, player2HP: 30, message: 'Neon Blade stabs trin for 6 damage!', events: events.slice(1) },
  { type: 'turn_changed', battleId: 13, yourTurn: false, turnDeadline: '2026-11-24T10:01:00.000Z' },
  { type: 'ghost_offer', ghost: { name: 'Iron Wall', class: 'tank', level: 3, rating: 1490 } },
  { type: 'spectators', battleId: 13, count: 2 },
  { type: 'spectate_started', battle: spectated },
  { type: 'spectate_event', battleId: 13, events: events.slice(1), turnDeadline: '2026-11-24T10:01:00.000Z' },
  { type: 'spectate_ended', battleId: 13, winner: 1, replayId: 78 },
  { type: 'notification', notification: { id: 5, kind: 'listing_sold', text: 'Sold', link: '/characters', createdAt: '2026-11-24T10:01:00.000Z', readAt: null } },
  { type: 'challenge_received', challengeId: 3, from: { userId: 7, username: 'ally', character: { id: 9, name: 'Blade', class: 'warrior', level: 4 } }, expiresAt: '2026-11-24T10:01:00.000Z' },
  { type: 'challenge_declined', challengeId: 3, by: 'neon_fox' },
  { type: 'challenge_expired', challengeId: 3, with: 'neon_fox' },
  { type: 'friends_changed' },
];
