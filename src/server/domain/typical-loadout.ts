import { CLASSES, STAT_KEYS, ZERO_STATS, type ClassId, type Stats } from '@common/characters';
import { STARTING_CREDITS } from '@common/constants';
import type { Slot } from '@common/economy-api';
import { DEFAULT_THREAT } from '@common/game-api';
import type { Fighter } from './battle';
import { CURRENT_TUNING, statsAtLevel } from './classes';
import { distributeStats } from './equipment';
import { SHOP_ITEMS, type CatalogueItem } from './equipment-catalogue-data';
import { experienceToNext, pveRewards, SKILL_POINTS_PER_LEVEL, STAT_POINTS_PER_LEVEL } from './progression';
import { SKILL_CATALOGUE } from './skill-catalogue-data';
import { canLearn, canUpgrade, skillLoadout, upgradeCost, type SkillDefinition } from './skills';

/**
 * The loadout a player of a class typically has at a level (issue 16, `npm run balance`): gear
 * bought in the shop with the credits earned on the way, skills learned and upgraded with the
 * points earned, stat points spent the class's way. Pure and deterministic, so the balance
 * tables compare what players really bring to a fight rather than bare class curves.
 */

/** The class's way: what it spends stat points on and how it values a piece of gear. */
export interface ClassBuild {
  /** Stat points are spent in these proportions. */
  statPoints: Partial<Stats>;
  /** Worth of one point of each stat on a piece of gear (0 = never bought for it). */
  gear: Stats;
}

export const CLASS_BUILDS: Readonly<Record<ClassId, ClassBuild>> = {
  warrior: { statPoints: { attack: 1, defense: 1, speed: 1 }, gear: { attack: 1, defense: 1, speed: 0.6, magic: 0 } },
  mage: { statPoints: { magic: 2, defense: 1 }, gear: { attack: 0, defense: 0.8, speed: 0.5, magic: 1 } },
  rogue: { statPoints: { attack: 1, speed: 2 }, gear: { attack: 1, defense: 0.6, speed: 1, magic: 0 } },
  tank: { statPoints: { defense: 2, attack: 1 }, gear: { attack: 0.8, defense: 1, speed: 0.5, magic: 0 } },
  assassin: { statPoints: { attack: 2, speed: 1 }, gear: { attack: 1, defense: 0.6, speed: 0.9, magic: 0 } },
  berserker: { statPoints: { attack: 2, defense: 1 }, gear: { attack: 1, defense: 0.8, speed: 0.4, magic: 0 } },
};

/** Share of PvE battles a typical player wins on the way up (at the default threat). */
export const TYPICAL_WIN_RATE = 0.6;

export interface TypicalLoadout {
  level: number;
  /** Credits earned from the start (starting credits included) and what was spent on gear. */
  creditsEarned: number;
  creditsSpent: number;
  gear: Partial<Record<Slot, CatalogueItem>>;
  /** Stat points spent, per stat. */
  allocated: Stats;
  skillPointsEarned: number;
  skillPointsSpent: number;
  /** Learned skills by key, with their level. */
  skills: Record<string, number>;
  fighter: Fighter;
}

/** What a piece is worth to a class (its stats weighted the class's way); 0 for an empty slot. */
export function gearValue(item: CatalogueItem | undefined, build: ClassBuild): number {
  if (!item) return 0;
  return STAT_KEYS.reduce((sum, key) => sum + item.stats[key] * build.gear[key], 0);
}

/** Average experience and credits of one battle at a level, at the typical win rate. */
function perBattle(level: number): { experience: number; credits: number } {
  const win = pveRewards('victory', level, DEFAULT_THREAT);
  const loss = pveRewards('defeat', level, DEFAULT_THREAT);
  const w = TYPICAL_WIN_RATE;
  return { experience: w * win.experience + (1 - w) * loss.experience, credits: w * win.credits + (1 - w) * loss.credits };
}

/** Credits a player earns while climbing from `level` to the next one. */
export function creditsForLevel(level: number): number {
  const battle = perBattle(level);
  return (experienceToNext(level) / battle.experience) * battle.credits;
}

/** Buys the best affordable upgrades, one at a time, until none is left. */
function shop(gear: Partial<Record<Slot, CatalogueItem>>, cash: number, level: number, build: ClassBuild): number {
  for (;;) {
    let best: { item: CatalogueItem; gain: number } | undefined;
    for (const item of SHOP_ITEMS) {
      if (item.level > level || item.price > cash) continue;
      const gain = gearValue(item, build) - gearValue(gear[item.slot], build);
      if (gain <= 0) continue;
      if (!best || gain > best.gain || (gain === best.gain && item.price < best.item.price)) best = { item, gain };
    }
    if (!best) return cash;
    gear[best.item.slot] = best.item;
    cash -= best.item.price;
  }
}

/**
 * Spends skill points: new skills first (the latest unlocked first), then the cheapest
 * upgrade, while anything is affordable. Returns the points left.
 */
export function train(own: readonly SkillDefinition[], learned: Record<string, number>, level: number, points: number): number {
  for (;;) {
    const learner = { class: own[0]!.class, level, skillPoints: points };
    const fresh = own
      .filter((s) => learned[s.key] === undefined && canLearn(s, learner, false).ok)
      .sort((a, b) => b.requiredLevel - a.requiredLevel)[0];
    if (fresh) {
      learned[fresh.key] = 1;
      points -= fresh.baseCost;
      continue;
    }
    const upgrade = own
      .filter((s) => learned[s.key] !== undefined && canUpgrade(s, learner, learned[s.key]!).ok)
      .sort((a, b) => upgradeCost(a, learned[a.key]!) - upgradeCost(b, learned[b.key]!))[0];
    if (!upgrade) return points;
    points -= upgradeCost(upgrade, learned[upgrade.key]!);
    learned[upgrade.key]! += 1;
  }
}

/** The typical loadout of a class at a level (see the file comment). */
export function typicalLoadout(classId: ClassId, level: number): TypicalLoadout {
  const build = CLASS_BUILDS[classId];
  const own = SKILL_CATALOGUE.filter((s) => s.class === classId);
  const gear: Partial<Record<Slot, CatalogueItem>> = {};
  const skills: Record<string, number> = {};
  let cash = STARTING_CREDITS;
  let earned = STARTING_CREDITS;
  let points = 0;
  for (let l = 1; l <= level; l++) {
    if (l > 1) {
      const credits = Math.floor(creditsForLevel(l - 1));
      cash += credits;
      earned += credits;
      points += SKILL_POINTS_PER_LEVEL;
    }
    cash = shop(gear, cash, l, build);
    points = train(own, skills, l, points);
  }
  const statPoints = STAT_POINTS_PER_LEVEL * (level - 1);
  const allocated = statPoints > 0 ? distributeStats(statPoints, build.statPoints) : { ...ZERO_STATS };
  const learned = own.filter((s) => skills[s.key] !== undefined).map((s) => ({ skill: s, level: skills[s.key]! }));
  const { bonus, abilities } = skillLoadout(learned);
  const base = statsAtLevel(classId, level, allocated);
  const stats = { ...base };
  for (const key of STAT_KEYS) {
    stats[key] += bonus[key] ?? 0;
    for (const item of Object.values(gear)) stats[key] += item.stats[key];
  }
  const skillPointsEarned = SKILL_POINTS_PER_LEVEL * (level - 1);
  return {
    level,
    creditsEarned: earned,
    creditsSpent: earned - cash,
    gear,
    allocated,
    skillPointsEarned,
    skillPointsSpent: skillPointsEarned - points,
    skills,
    fighter: { name: CLASSES[classId].name, class: classId, level, stats, abilities, tuning: CURRENT_TUNING },
  };
}
