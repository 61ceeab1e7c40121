import { CLASSES, STAT_KEYS, ZERO_STATS, type ClassId, type Stats } from '@common/characters';
import { STARTING_CREDITS } from '@common/constants';
import { SLOTS, type Slot } from '@common/economy-api';
import type { Fighter } from './battle';
import { CURRENT_TUNING, statsAtLevel } from './classes';
import { distributeStats, gearBonus } from './equipment';
import { FORGED_ITEMS, SHOP_ITEMS, type CatalogueItem } from './equipment-catalogue-data';
import type { DomainEvent } from './events';
import { forgeOutcome, missingMaterials } from './forge';
import { EQUIPMENT_SET_LIST, setBonusStats, type EquipmentSetInfo } from './forge-sets';
import { dailyQuestsFor, FIRST_STEPS, type QuestDef } from './quests';
import type { Rng } from './rng';
import { SKILL_CATALOGUE } from './skill-catalogue-data';
import { skillLoadout } from './skills';
import { CLASS_BUILDS, gearValue, train } from './typical-loadout';

/**
 * The player of a simulated session (session-sim.ts, `npm run balance`): one fighter with the
 * account's credits, points, gear, materials and quests, and the greedy things it does between
 * battles, each with the time it takes in the game's screens. Every rule is the game's own
 * (shop items and prices, skills, stat points, forge recipes and roll, quests and dailies).
 */

/** Seconds the simulated player spends on each thing it does (clicks, a page to open, reading). */
export const ACTION_SECONDS = {
  /** Open the dashboard, read the quest and claim its reward. */
  claimQuest: 5,
  /** A quest chore: open the market, or post in the arena chat. */
  chore: 8,
  /** Open the shop, compare pieces and buy one (it is worn at once). */
  buy: 15,
  /** Wear a piece already owned (a forged piece the level now allows). */
  equip: 6,
  /** Decide where stat points go and spend them. */
  statPoints: 10,
  /** Read the skills and learn or upgrade one. */
  skills: 12,
  /** Pick a set and a slot at the forge, read the materials and forge. */
  forge: 15,
} as const;

export type ActionKind = keyof typeof ACTION_SECONDS;

/** The screen each thing is done on; going to another screen takes NAV_SECONDS. */
export const ACTION_PAGE: Readonly<Record<ActionKind, string>> = {
  claimQuest: '/',
  chore: '/marketplace',
  buy: '/equipment',
  equip: '/equipment',
  statPoints: '/equipment',
  skills: '/equipment',
  forge: '/forge',
};

/** Seconds to open another screen from the nav. */
export const NAV_SECONDS = 2;

interface QuestState {
  def: QuestDef;
  progress: number;
  claimed: boolean;
}

export interface SessionPlayer {
  classId: ClassId;
  level: number;
  experience: number;
  wins: number;
  losses: number;
  credits: number;
  statPoints: number;
  skillPoints: number;
  allocated: Stats;
  skills: Record<string, number>;
  gear: Partial<Record<Slot, CatalogueItem>>;
  /** Keys of every piece held, worn or not. */
  owned: Set<string>;
  materials: Record<string, number>;
  quests: QuestState[];
  /** Gear upgrades worn so far (bought or forged pieces better than the one they replace). */
  upgrades: number;
  forges: number;
  forgedPieces: number;
}

/** A new account's first fighter, just created (its 'A Fighter Is Born' quest done). */
export function newSessionPlayer(classId: ClassId, userId: number, day: string): SessionPlayer {
  const player: SessionPlayer = {
    classId,
    level: 1,
    experience: 0,
    wins: 0,
    losses: 0,
    credits: STARTING_CREDITS,
    statPoints: 0,
    skillPoints: 0,
    allocated: { ...ZERO_STATS },
    skills: {},
    gear: {},
    owned: new Set(),
    materials: {},
    quests: [...FIRST_STEPS, ...dailyQuestsFor(userId, day)].map((def) => ({ def, progress: 0, claimed: false })),
    upgrades: 0,
    forges: 0,
    forgedPieces: 0,
  };
  record(player, { type: 'CharacterCreated', userId, characterId: userId });
  return player;
}

/** Moves the player's quests by an event, as the quest subscriber does. */
export function record(player: SessionPlayer, event: DomainEvent): void {
  for (const quest of player.quests) quest.progress = Math.min(quest.def.goal, quest.progress + quest.def.counts(event));
}

/** The fighter the player brings to a battle: class curve, spent points, gear with set bonuses, skills. */
export function sessionFighter(player: SessionPlayer): Fighter {
  const own = SKILL_CATALOGUE.filter((s) => s.class === player.classId);
  const learned = own.filter((s) => player.skills[s.key] !== undefined).map((s) => ({ skill: s, level: player.skills[s.key]! }));
  const { bonus, abilities } = skillLoadout(learned);
  const worn = Object.values(player.gear).map((item) => ({ stats: item.stats, setId: item.setId }));
  const gear = gearBonus(worn, setBonusStats);
  const stats = statsAtLevel(player.classId, player.level, player.allocated);
  for (const key of STAT_KEYS) stats[key] += gear[key] + (bonus[key] ?? 0);
  return { name: CLASSES[player.classId].name, class: player.classId, level: player.level, stats, abilities, tuning: CURRENT_TUNING };
}

const addMaterials = (player: SessionPlayer, materials: readonly { id: string; amount: number }[]) => {
  for (const { id, amount } of materials) player.materials[id] = (player.materials[id] ?? 0) + amount;
};

export function addDrops(player: SessionPlayer, drops: readonly { materialId: string; amount: number }[]): void {
  addMaterials(player, drops.map((d) => ({ id: d.materialId, amount: d.amount })));
}

/** The best shop upgrade the player can afford and wear and does not own, if any. */
function bestPurchase(player: SessionPlayer): CatalogueItem | null {
  const build = CLASS_BUILDS[player.classId];
  let best: { item: CatalogueItem; gain: number } | null = null;
  for (const item of SHOP_ITEMS) {
    if (item.level > player.level || item.price > player.credits || player.owned.has(item.key)) continue;
    const gain = gearValue(item, build) - gearValue(player.gear[item.slot], build);
    if (gain <= 0) continue;
    if (!best || gain > best.gain || (gain === best.gain && item.price < best.item.price)) best = { item, gain };
  }
  return best?.item ?? null;
}

/** A forged piece held but not worn that the level now allows and that beats the worn one. */
function bestHeldPiece(player: SessionPlayer): CatalogueItem | null {
  const build = CLASS_BUILDS[player.classId];
  return (
    FORGED_ITEMS.find(
      (item) =>
        player.owned.has(item.key) &&
        player.gear[item.slot]?.key !== item.key &&
        item.level <= player.level &&
        gearValue(item, build) > gearValue(player.gear[item.slot], build),
    ) ?? null
  );
}

/** The set the player can forge now (materials held), and the slot whose piece it wants most. */
function forgeable(player: SessionPlayer): { set: EquipmentSetInfo; slot: Slot } | null {
  const build = CLASS_BUILDS[player.classId];
  for (const set of EQUIPMENT_SET_LIST) {
    if (missingMaterials(set.requiredMaterials, player.materials).length > 0) continue;
    const pieces = SLOTS.map((slot) => FORGED_ITEMS.find((i) => i.setId === set.id && i.slot === slot)!).filter((i) => !player.owned.has(i.key));
    if (pieces.length === 0) continue;
    pieces.sort((a, b) => gearValue(b, build) - gearValue(player.gear[b.slot], build) - (gearValue(a, build) - gearValue(player.gear[a.slot], build)));
    return { set, slot: pieces[0]!.slot };
  }
  return null;
}

function wear(player: SessionPlayer, item: CatalogueItem): void {
  player.gear[item.slot] = item;
  player.upgrades++;
}

const isChore = (q: QuestState, userId: number) =>
  !q.claimed && q.progress < q.def.goal && (q.def.counts({ type: 'MarketVisited', userId }) > 0 || q.def.counts({ type: 'ChatPosted', userId }) > 0);

const canTrain = (player: SessionPlayer) =>
  player.skillPoints > 0 &&
  train(SKILL_CATALOGUE.filter((s) => s.class === player.classId), { ...player.skills }, player.level, player.skillPoints) < player.skillPoints;

/** Whether the greedy player has anything useful left to do now (nextAction would act). */
export function hasSomethingToDo(player: SessionPlayer, userId: number): boolean {
  return (
    player.quests.some((q) => (!q.claimed && q.progress >= q.def.goal) || isChore(q, userId)) ||
    player.statPoints > 0 ||
    canTrain(player) ||
    forgeable(player) !== null ||
    bestHeldPiece(player) !== null ||
    bestPurchase(player) !== null
  );
}

/**
 * The next useful thing the greedy player does, done: claim a finished quest, do a quest chore,
 * spend stat points, spend skill points, forge, wear a forged piece, buy the best affordable
 * upgrade. Null when nothing is left to do. `rng` draws a forging roll.
 */
export function nextAction(player: SessionPlayer, rng: Rng, userId: number): ActionKind | null {
  const claimable = player.quests.find((q) => !q.claimed && q.progress >= q.def.goal);
  if (claimable) {
    claimable.claimed = true;
    player.credits += claimable.def.reward.credits;
    addMaterials(player, claimable.def.reward.materials);
    return 'claimQuest';
  }
  const chore = player.quests.find((q) => isChore(q, userId));
  if (chore) {
    record(player, chore.def.counts({ type: 'MarketVisited', userId }) > 0 ? { type: 'MarketVisited', userId } : { type: 'ChatPosted', userId });
    return 'chore';
  }
  if (player.statPoints > 0) {
    const add = distributeStats(player.statPoints, CLASS_BUILDS[player.classId].statPoints);
    for (const key of STAT_KEYS) player.allocated[key] += add[key];
    player.statPoints = 0;
    return 'statPoints';
  }
  if (canTrain(player)) {
    const own = SKILL_CATALOGUE.filter((s) => s.class === player.classId);
    const before = new Set(Object.keys(player.skills));
    player.skillPoints = train(own, player.skills, player.level, player.skillPoints);
    for (const key of Object.keys(player.skills)) if (!before.has(key)) record(player, { type: 'SkillLearned', userId, characterId: userId, skillId: key });
    return 'skills';
  }
  const forge = forgeable(player);
  if (forge) {
    for (const [id, amount] of Object.entries(forge.set.requiredMaterials)) player.materials[id]! -= amount ?? 0;
    player.forges++;
    if (forgeOutcome(rng).success) {
      const piece = FORGED_ITEMS.find((i) => i.setId === forge.set.id && i.slot === forge.slot)!;
      player.owned.add(piece.key);
      player.forgedPieces++;
      record(player, { type: 'ItemForged', userId, itemName: piece.name, rarity: piece.rarity });
    }
    return 'forge';
  }
  const held = bestHeldPiece(player);
  if (held) {
    wear(player, held);
    return 'equip';
  }
  const buy = bestPurchase(player);
  if (buy) {
    player.credits -= buy.price;
    player.owned.add(buy.key);
    wear(player, buy);
    record(player, { type: 'ItemBought', userId, itemId: buy.key, price: buy.price });
    return 'buy';
  }
  return null;
}
