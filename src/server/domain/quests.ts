import type { QuestKind } from '@common/quests';
import type { DomainEvent } from './events';
import type { MaterialId } from './forge-sets';

/**
 * Quests (issue: game feel): a first-steps chain that walks a new player through the game once,
 * and three daily quests per player drawn from a pool, changing at 00:00 UTC. Progress comes
 * from domain events; a finished quest pays its reward once, when claimed.
 */

export interface QuestRewardDef {
  credits: number;
  materials: { id: MaterialId; amount: number }[];
}

export interface QuestDef {
  key: string;
  title: string;
  description: string;
  goal: number;
  reward: QuestRewardDef;
  /** How far an event moves the quest (0 when it does not concern it). */
  counts(event: DomainEvent): number;
}

const on =
  (type: DomainEvent['type'], where: (e: DomainEvent) => boolean = () => true) =>
  (e: DomainEvent): number =>
    e.type === type && where(e) ? 1 : 0;

/** The first-steps chain, in the order the dashboard shows it. */
export const FIRST_STEPS: readonly QuestDef[] = [
  { key: 'create-fighter', title: 'A Fighter Is Born', description: 'Create your first fighter.', goal: 1, reward: { credits: 100, materials: [] }, counts: on('CharacterCreated') },
  { key: 'win-battle', title: 'First Blood', description: 'Win a battle in the arena.', goal: 1, reward: { credits: 150, materials: [{ id: 'glitch_shard', amount: 2 }] }, counts: on('BattleWon') },
  { key: 'buy-gear', title: 'Suit Up', description: 'Buy a piece of gear in the equipment shop.', goal: 1, reward: { credits: 150, materials: [{ id: 'corrupted_byte', amount: 2 }] }, counts: on('ItemBought') },
  { key: 'learn-skill', title: 'New Tricks', description: 'Learn a skill with your skill points.', goal: 1, reward: { credits: 100, materials: [{ id: 'corrupted_byte', amount: 2 }] }, counts: on('SkillLearned') },
  { key: 'open-market', title: 'Window Shopping', description: 'Open the marketplace.', goal: 1, reward: { credits: 50, materials: [{ id: 'glitch_shard', amount: 2 }] }, counts: on('MarketVisited') },
  { key: 'say-hello', title: 'Say Hello', description: 'Say hello in the arena chat.', goal: 1, reward: { credits: 50, materials: [{ id: 'glitch_shard', amount: 2 }] }, counts: on('ChatPosted') },
  { key: 'forge', title: 'Hot Iron', description: 'Forge a piece of equipment.', goal: 1, reward: { credits: 250, materials: [{ id: 'static_dust', amount: 1 }] }, counts: on('ItemForged') },
];

/** The pool the three daily quests are drawn from. */
export const DAILY_POOL: readonly QuestDef[] = [
  { key: 'win-pve-3', title: 'Glitch Hunter', description: 'Win 3 battles against glitch enemies.', goal: 3, reward: { credits: 120, materials: [] }, counts: on('BattleWon', (e) => e.type === 'BattleWon' && e.kind === 'pve') },
  { key: 'fight-5', title: 'Keep Swinging', description: 'Fight 5 battles, won or lost.', goal: 5, reward: { credits: 100, materials: [{ id: 'glitch_shard', amount: 1 }] }, counts: (e) => (e.type === 'BattleWon' || e.type === 'BattleLost' ? 1 : 0) },
  { key: 'win-pvp', title: 'Duelist', description: 'Win a PvP battle against a player or a ghost.', goal: 1, reward: { credits: 150, materials: [] }, counts: on('BattleWon', (e) => e.type === 'BattleWon' && e.kind === 'pvp') },
  { key: 'level-up', title: 'Level Up', description: 'Gain a level with any fighter.', goal: 1, reward: { credits: 100, materials: [{ id: 'corrupted_byte', amount: 1 }] }, counts: (e) => (e.type === 'LevelGained' ? e.to - e.from : 0) },
  { key: 'buy-item', title: 'Shopping Spree', description: 'Buy an item in the equipment shop.', goal: 1, reward: { credits: 80, materials: [] }, counts: on('ItemBought') },
  { key: 'forge-item', title: 'Forge Ahead', description: 'Forge a piece of equipment.', goal: 1, reward: { credits: 150, materials: [{ id: 'null_essence', amount: 1 }] }, counts: on('ItemForged') },
  { key: 'chat-3', title: 'Chatterbox', description: 'Post 3 messages in the arena chat.', goal: 3, reward: { credits: 60, materials: [] }, counts: on('ChatPosted') },
  { key: 'win-5', title: 'On a Roll', description: 'Win 5 battles of any kind.', goal: 5, reward: { credits: 200, materials: [{ id: 'static_dust', amount: 1 }] }, counts: on('BattleWon') },
];

export const DAILY_QUESTS_PER_DAY = 3;

/** The UTC day of `at`, e.g. '2026-11-24': dailies change at 00:00 UTC. */
export function questDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * A small integer hash (FNV-1a) so each player's draw is fixed for the day and differs from
 * others'. `from` continues a hash already taken of a prefix: hash(a + b) = hash(b, hash(a)).
 */
function hash(text: string, from = 0x811c9dc5): number {
  let h = from;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The last draw made: a battle's end asks for the same player and day several times running. */
let lastDraw: { userId: number; day: string; quests: readonly QuestDef[] } | null = null;

/** The player's three dailies of `day`: distinct, drawn from the pool by a hash of player and day. */
export function dailyQuestsFor(userId: number, day: string): QuestDef[] {
  if (lastDraw?.userId === userId && lastDraw.day === day) return [...lastDraw.quests];
  const prefix = hash(`${userId}:${day}:`);
  const ranked = DAILY_POOL.map((q) => ({ q, r: hash(q.key, prefix) }));
  ranked.sort((a, b) => a.r - b.r || a.q.key.localeCompare(b.q.key));
  const quests = ranked.slice(0, DAILY_QUESTS_PER_DAY).map((x) => x.q);
  lastDraw = { userId, day, quests };
  return [...quests];
}

export interface PlayerQuest {
  /** `first-steps:<key>` or `daily:<day>:<key>`: stable, and the row's key. */
  id: string;
  kind: QuestKind;
  def: QuestDef;
}

export const firstStepsId = (key: string): string => `first-steps:${key}`;
export const dailyId = (day: string, key: string): string => `daily:${day}:${key}`;

/** Every quest a player has on `day`: the first steps, then that day's dailies. */
export function questsOf(userId: number, day: string): PlayerQuest[] {
  return [
    ...FIRST_STEPS.map((def) => ({ id: firstStepsId(def.key), kind: 'first-steps' as const, def })),
    ...dailyQuestsFor(userId, day).map((def) => ({ id: dailyId(day, def.key), kind: 'daily' as const, def })),
  ];
}

/** The quests an event moves, with how far: for the player it concerns, on the day it happened. */
export function questProgress(event: DomainEvent, userId: number, day: string): { id: string; goal: number; title: string; by: number }[] {
  return questsOf(userId, day).flatMap((q) => {
    const by = q.def.counts(event);
    return by > 0 ? [{ id: q.id, goal: q.def.goal, title: q.def.title, by }] : [];
  });
}

/**
 * Which of the player's quests `id` names, on `day`: a first step, or one of that day's dailies.
 * Null for anything else (a daily of another day, or not drawn for this player).
 */
export function findQuest(userId: number, id: string, day: string): PlayerQuest | null {
  return questsOf(userId, day).find((q) => q.id === id) ?? null;
}
