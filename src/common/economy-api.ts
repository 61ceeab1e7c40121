import { z } from 'zod';
import { CLASS_IDS, statsSchema } from './characters';
import { RARITIES, SET_IDS, SLOTS } from './gear';
import { characterViewSchema, listingViewSchema, progressionViewSchema } from './game-api';

/**
 * Answer shapes of the economy calls (SPEC §3, §7): marketplace, equipment, skills, forge and
 * image sets. Both the server and the client build on these.
 */

export { RARITIES, SET_IDS, SLOTS, type Rarity, type SetId, type Slot } from './gear';

export const raritySchema = z.enum(RARITIES);
export const slotSchema = z.enum(SLOTS);
export const setIdSchema = z.enum(SET_IDS);

/** Some of the four stats (bonuses name only the stats they raise). */
export const partialStatsSchema = statsSchema.partial();

// ---------------------------------------------------------------- marketplace

/** An active listing as the marketplace shows it, with its character as the buyer would get it. */
export const marketListingViewSchema = listingViewSchema
  .extend({
    /** Username of the seller. */
    sellerName: z.string(),
    likedByMe: z.boolean(),
  })
  .meta({ id: 'MarketListing' });
export type MarketListingView = z.infer<typeof marketListingViewSchema>;

/**
 * `GET /api/marketplace?sort=&limit=&cursor=&class=&minLevel=&maxLevel=&maxPrice=`: one page of
 * active listings in the asked order; `nextCursor` asks for the page after it (null at the end).
 */
export const marketPageViewSchema = z.object({
  listings: z.array(marketListingViewSchema),
  nextCursor: z.string().nullable(),
});
export type MarketPageView = z.infer<typeof marketPageViewSchema>;

/** `GET /api/marketplace/stats`. */
export const marketStatsViewSchema = z.object({
  totalListings: z.number().int(),
  totalVolume: z.number().int(),
  activeBuyers: z.number().int(),
});
export type MarketStatsView = z.infer<typeof marketStatsViewSchema>;

/** `POST /api/marketplace/buy {listingId}`. */
export const purchaseViewSchema = z.object({
  message: z.string(),
  /** The buyer's balance after paying. */
  credits: z.number().int(),
  character: characterViewSchema,
});
export type PurchaseView = z.infer<typeof purchaseViewSchema>;

/** `POST /api/marketplace/{id}/like` (toggles). */
export const likeViewSchema = z.object({
  liked: z.boolean(),
  likes: z.number().int(),
});
export type LikeView = z.infer<typeof likeViewSchema>;

/** `POST /api/marketplace/{id}/view`. */
export const viewCountViewSchema = z.object({
  views: z.number().int(),
});
export type ViewCountView = z.infer<typeof viewCountViewSchema>;

// ------------------------------------------------------------------ equipment

/** A catalogue item (`GET /api/equipment`, `GET /api/equipment/marketplace`). */
export const equipmentItemViewSchema = z
  .object({
    id: z.number().int(),
    /** Stable catalogue key, e.g. 'iron_sword' or 'forged_dragon_lord_weapon'. */
    key: z.string(),
    name: z.string(),
    slot: slotSchema,
    rarity: raritySchema,
    /** Level required to buy or wear it. */
    level: z.number().int(),
    description: z.string(),
    /** Price in credits; 0 for pieces that only the forge makes. */
    price: z.number().int(),
    stats: statsSchema,
    /** The forge set the piece belongs to, if any. */
    setId: setIdSchema.nullable(),
  })
  .meta({ id: 'EquipmentItem' });
export type EquipmentItemView = z.infer<typeof equipmentItemViewSchema>;

/** An owned piece (`GET /api/characters/{id}/equipment`): `id` is the inventory entry id. */
export const ownedEquipmentViewSchema = z
  .object({
    id: z.number().int(),
    characterId: z.number().int(),
    equipped: z.boolean(),
    equipment: equipmentItemViewSchema,
  })
  .meta({ id: 'OwnedEquipment' });
export type OwnedEquipmentView = z.infer<typeof ownedEquipmentViewSchema>;

/** `POST /api/equipment/{id}/buy`. */
export const equipmentPurchaseViewSchema = z.object({
  message: z.string(),
  credits: z.number().int(),
  owned: ownedEquipmentViewSchema,
});
export type EquipmentPurchaseView = z.infer<typeof equipmentPurchaseViewSchema>;

/** `POST /api/characters/{id}/equip {equipmentId (inventory entry id), slot}`. */
export const equipViewSchema = z.object({
  message: z.string(),
  equipment: z.array(ownedEquipmentViewSchema),
  /** The character's effective stats after the change (base + points + gear + sets + passives). */
  stats: statsSchema,
});
export type EquipView = z.infer<typeof equipViewSchema>;

// --------------------------------------------------------------------- skills

export const SKILL_TYPES = ['passive', 'active', 'ultimate'] as const;
export const skillTypeSchema = z.enum(SKILL_TYPES);
export type SkillType = z.infer<typeof skillTypeSchema>;

export const skillEffectsViewSchema = z.object({
  /** Damage multiplier of an active or ultimate (e.g. 1.5 = +50 %); 1 for passives. */
  damageMultiplier: z.number(),
  /** Flat stat bonuses of a passive, per learned level. */
  statBonus: partialStatsSchema,
  /** Cooldown in seconds as shown to players (the engine converts to turns: one turn = 3 s). */
  cooldown: z.number(),
});

/** `GET /api/skills`, `GET /api/skills/{class}`. */
export const skillViewSchema = z
  .object({
    id: z.number().int(),
    key: z.string(),
    name: z.string(),
    description: z.string(),
    type: skillTypeSchema,
    class: z.enum(CLASS_IDS),
    baseCost: z.number().int(),
    maxLevel: z.number().int(),
    prerequisites: z.object({ level: z.number().int() }),
    effects: skillEffectsViewSchema,
  })
  .meta({ id: 'Skill' });
export type SkillView = z.infer<typeof skillViewSchema>;

/** `GET /api/characters/{id}/skills`. */
export const learnedSkillViewSchema = z
  .object({
    id: z.number().int(),
    skillId: z.number().int(),
    level: z.number().int(),
    skill: skillViewSchema,
  })
  .meta({ id: 'LearnedSkill' });
export type LearnedSkillView = z.infer<typeof learnedSkillViewSchema>;

/** `POST /api/characters/{id}/learn-skill {skillId}` (and upgrade-skill). */
export const learnSkillResultViewSchema = z.object({
  message: z.string(),
  learned: learnedSkillViewSchema,
  progression: progressionViewSchema,
});
export type LearnSkillResultView = z.infer<typeof learnSkillResultViewSchema>;

// ---------------------------------------------------------------------- forge

/** `GET /api/forge/materials`: every material with the player's amount. */
export const materialViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  rarity: raritySchema,
  description: z.string(),
  amount: z.number().int(),
});
export type MaterialView = z.infer<typeof materialViewSchema>;

export const setBonusViewSchema = z.object({
  effect: z.string(),
  stats: partialStatsSchema,
});

/** `GET /api/forge/sets`. */
export const equipmentSetViewSchema = z
  .object({
    id: setIdSchema,
    name: z.string(),
    rarity: raritySchema,
    description: z.string(),
    bonuses: z.object({ 2: setBonusViewSchema, 4: setBonusViewSchema, 6: setBonusViewSchema }),
    /** Material id → amount needed for one piece. */
    requiredMaterials: z.record(z.string(), z.number().int()),
  })
  .meta({ id: 'EquipmentSet' });
export type EquipmentSetView = z.infer<typeof equipmentSetViewSchema>;

/** `POST /api/forge/create {equipmentSet, slot, materials}` (200 either way). */
export const forgeResultViewSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  /** The piece made, on success. */
  owned: ownedEquipmentViewSchema.optional(),
});
export type ForgeResultView = z.infer<typeof forgeResultViewSchema>;

// ----------------------------------------------------------------- image sets

/** `GET /api/character/image-sets` (for the player's current character). */
export const imageSetViewSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    /** Credits, paid once; 0 = Free. */
    cost: z.number().int(),
    /** Asset file of the preview: the current character's avatar in this look. */
    preview: z.string(),
    unlockRequirement: z.object({ level: z.number().int().optional(), wins: z.number().int().optional(), text: z.string() }),
    /** Paid for (or free) by this player. */
    unlocked: z.boolean(),
    /** Requirement met by the current character. */
    requirementMet: z.boolean(),
    /** Worn by the current character. */
    current: z.boolean(),
  })
  .meta({ id: 'ImageSet' });
export type ImageSetView = z.infer<typeof imageSetViewSchema>;
