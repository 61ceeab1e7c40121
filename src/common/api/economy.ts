import { z } from 'zod';
import {
  equipViewSchema,
  equipmentItemViewSchema,
  equipmentPurchaseViewSchema,
  equipmentSetViewSchema,
  forgeResultViewSchema,
  imageSetViewSchema,
  learnSkillResultViewSchema,
  learnedSkillViewSchema,
  likeViewSchema,
  marketPageViewSchema,
  marketStatsViewSchema,
  materialViewSchema,
  ownedEquipmentViewSchema,
  purchaseViewSchema,
  skillViewSchema,
  viewCountViewSchema,
} from '../economy-api';
import { buyListingBody, changeImageSetBody, equipBody, forgeBody, learnSkillBody, marketQuery, upgradeSkillBody } from '../economy-requests';
import { listingViewSchema } from '../game-api';
import { idParams, sellBody } from '../requests';
import { defineRoute, messageAnswer } from './contract';

/**
 * A class named in a path (`/api/skills/{class}`). Any text reaches the route, which answers an
 * unknown class with 400 'Unknown character class' (not the 404 of a path that does not parse).
 */
export const classParams = z.object({ class: z.string() });

/** The character marketplace of SPEC §7: pages of listings, stats, selling, buying, withdrawing, views and likes. */
const listForSale = defineRoute({
  method: 'POST',
  path: '/api/marketplace',
  summary: 'Lists an own character for sale at a price',
  tag: 'Marketplace',
  auth: 'player',
  status: 201,
  idempotent: true,
  body: sellBody,
  response: listingViewSchema,
});

export const marketplaceRoutes = {
  page: defineRoute({
    method: 'GET',
    path: '/api/marketplace',
    summary: 'One page of active listings in the asked order and filters; nextCursor asks for the next',
    tag: 'Marketplace',
    auth: 'player',
    query: marketQuery,
    response: marketPageViewSchema,
  }),
  stats: defineRoute({
    method: 'GET',
    path: '/api/marketplace/stats',
    summary: 'Active listings, credits traded in sales and buyers of the last 7 days',
    tag: 'Marketplace',
    auth: 'player',
    response: marketStatsViewSchema,
  }),
  // Both paths of SPEC §7 list a character for sale.
  list: listForSale,
  sell: defineRoute({ ...listForSale, path: '/api/marketplace/sell', summary: 'Lists an own character for sale at a price (the same as POST /api/marketplace)' }),
  buy: defineRoute({
    method: 'POST',
    path: '/api/marketplace/buy',
    summary: 'Buys a listing: the character with its gear and skills, the price to the seller minus the fee',
    tag: 'Marketplace',
    auth: 'player',
    idempotent: true,
    body: buyListingBody,
    response: purchaseViewSchema,
  }),
  withdraw: defineRoute({
    method: 'DELETE',
    path: '/api/marketplace/:id',
    summary: "Takes the seller's own listing off the market",
    tag: 'Marketplace',
    auth: 'player',
    idempotent: true,
    params: idParams,
    response: messageAnswer,
  }),
  view: defineRoute({
    method: 'POST',
    path: '/api/marketplace/:id/view',
    summary: "Counts a player's first look at a listing; answers its views",
    tag: 'Marketplace',
    auth: 'player',
    params: idParams,
    response: viewCountViewSchema,
  }),
  like: defineRoute({
    method: 'POST',
    path: '/api/marketplace/:id/like',
    summary: 'Likes a listing, or takes the like back',
    tag: 'Marketplace',
    auth: 'player',
    params: idParams,
    response: likeViewSchema,
  }),
};

/** Equipment of SPEC §7: the catalogue, the shop, buying, inventories and equipping. */
export const equipmentRoutes = {
  catalogue: defineRoute({
    method: 'GET',
    path: '/api/equipment',
    summary: 'The whole equipment catalogue: shop pieces and forge-made set pieces',
    tag: 'Equipment',
    auth: 'player',
    response: z.array(equipmentItemViewSchema),
  }),
  shop: defineRoute({
    method: 'GET',
    path: '/api/equipment/marketplace',
    summary: 'The pieces for sale in the shop, by level then price',
    tag: 'Equipment',
    auth: 'player',
    response: z.array(equipmentItemViewSchema),
  }),
  buy: defineRoute({
    method: 'POST',
    path: '/api/equipment/:id/buy',
    summary: "Buys a piece for the player's current character, worn at once when its slot is empty",
    tag: 'Equipment',
    auth: 'player',
    idempotent: true,
    params: idParams,
    response: equipmentPurchaseViewSchema,
  }),
  owned: defineRoute({
    method: 'GET',
    path: '/api/characters/:id/equipment',
    summary: "An own character's pieces, worn first",
    tag: 'Equipment',
    auth: 'player',
    params: idParams,
    response: z.array(ownedEquipmentViewSchema),
  }),
  equip: defineRoute({
    method: 'POST',
    path: '/api/characters/:id/equip',
    summary: "Wears an inventory piece in its slot; the slot's previous piece goes back to the inventory",
    tag: 'Equipment',
    auth: 'player',
    params: idParams,
    body: equipBody,
    response: equipViewSchema,
  }),
};

/** The forge of SPEC §7 (materials, sets, forging) and the character style (image sets). */
export const forgeRoutes = {
  materials: defineRoute({
    method: 'GET',
    path: '/api/forge/materials',
    summary: 'Every forge material with the amount the player holds',
    tag: 'Forge',
    auth: 'player',
    response: z.array(materialViewSchema),
  }),
  sets: defineRoute({
    method: 'GET',
    path: '/api/forge/sets',
    summary: 'The equipment sets with their bonuses and the materials a piece needs',
    tag: 'Forge',
    auth: 'player',
    response: z.array(equipmentSetViewSchema),
  }),
  // 200 whether the roll succeeds or fails: the answer's `success` tells which.
  create: defineRoute({
    method: 'POST',
    path: '/api/forge/create',
    summary: 'Forges a set piece from its materials: success tells whether the roll made it',
    tag: 'Forge',
    auth: 'player',
    idempotent: true,
    body: forgeBody,
    response: forgeResultViewSchema,
  }),
  imageSets: defineRoute({
    method: 'GET',
    path: '/api/character/image-sets',
    summary: "Every look as the player's current character sees it: cost, requirement, unlocked, worn",
    tag: 'Character style',
    auth: 'player',
    response: z.array(imageSetViewSchema),
  }),
  changeImageSet: defineRoute({
    method: 'POST',
    path: '/api/character/change-image-set',
    summary: 'Puts an own character into another look, paying for it the first time',
    tag: 'Character style',
    auth: 'player',
    idempotent: true,
    body: changeImageSetBody,
    response: messageAnswer,
  }),
};

/** Skills of SPEC §7: the catalogue, one class's skills, a character's learned skills, learning and upgrading. */
export const skillRoutes = {
  catalogue: defineRoute({
    method: 'GET',
    path: '/api/skills',
    summary: 'The whole skill catalogue, by class then level requirement',
    tag: 'Skills',
    auth: 'player',
    response: z.array(skillViewSchema),
  }),
  ofClass: defineRoute({
    method: 'GET',
    path: '/api/skills/:class',
    summary: "One class's skills (400 for a class that does not exist)",
    tag: 'Skills',
    auth: 'player',
    params: classParams,
    response: z.array(skillViewSchema),
  }),
  learned: defineRoute({
    method: 'GET',
    path: '/api/characters/:id/skills',
    summary: 'The skills an own character has learned, with their levels',
    tag: 'Skills',
    auth: 'player',
    params: idParams,
    response: z.array(learnedSkillViewSchema),
  }),
  learn: defineRoute({
    method: 'POST',
    path: '/api/characters/:id/learn-skill',
    summary: "Learns a skill of the character's class for its cost in skill points",
    tag: 'Skills',
    auth: 'player',
    idempotent: true,
    params: idParams,
    body: learnSkillBody,
    response: learnSkillResultViewSchema,
  }),
  upgrade: defineRoute({
    method: 'POST',
    path: '/api/characters/:id/upgrade-skill',
    summary: 'Raises a learned skill one level for skill points',
    tag: 'Skills',
    auth: 'player',
    idempotent: true,
    params: idParams,
    body: upgradeSkillBody,
    response: learnSkillResultViewSchema,
  }),
};
