import { AVATAR_IDS, CLASS_IDS, type AvatarId, type ClassId } from '../characters';
import { avatarSpriteFile, enemySpriteFile } from '../sprite-files';
import { ASSASSIN1 } from './assassins';
import { BERSERKER1 } from './berserkers';
import {
  ENEMY_ASSASSIN,
  ENEMY_BERSERKER,
  ENEMY_MAGE,
  ENEMY_ROGUE,
  ENEMY_TANK,
  ENEMY_WARRIOR,
} from './enemies';
import { MAGE1, MAGE2 } from './mages';
import { type SpriteArt } from './palette';
import { renderSvg } from './render-svg';
import { ROGUE1 } from './rogues';
import { TANK1 } from './tanks';
import { WARRIOR1, WARRIOR2 } from './warriors';

export { ARENA_BACKGROUND, BASE_PALETTE, NEON, SPRITE_SIZE, type SpriteArt, type SpritePalette } from './palette';
export { renderSvg } from './render-svg';

/** Avatars face right, standing in a fighting stance. */
export const AVATAR_SPRITES: Readonly<Record<AvatarId, SpriteArt>> = {
  warrior1: WARRIOR1,
  warrior2: WARRIOR2,
  mage1: MAGE1,
  mage2: MAGE2,
  rogue1: ROGUE1,
  tank1: TANK1,
  assassin1: ASSASSIN1,
  berserker1: BERSERKER1,
};

/** Enemies face left, towards the avatars. */
export const ENEMY_SPRITES: Readonly<Record<ClassId, SpriteArt>> = {
  warrior: ENEMY_WARRIOR,
  mage: ENEMY_MAGE,
  rogue: ENEMY_ROGUE,
  tank: ENEMY_TANK,
  assassin: ENEMY_ASSASSIN,
  berserker: ENEMY_BERSERKER,
};

export type SpriteFile = `${AvatarId}.svg` | `enemy-${ClassId}.svg`;

/** Every sprite under its asset file name (`/api/assets/{file}`). */
export const SPRITES: Readonly<Record<SpriteFile, SpriteArt>> = Object.fromEntries([
  ...AVATAR_IDS.map((id) => [avatarSpriteFile(id), AVATAR_SPRITES[id]] as const),
  ...CLASS_IDS.map((classId) => [enemySpriteFile(classId), ENEMY_SPRITES[classId]] as const),
]) as Record<SpriteFile, SpriteArt>;

/** The SVG file contents of a sprite. */
export function spriteSvg(art: SpriteArt): string {
  return renderSvg(art.rows, art.palette, art.name);
}
