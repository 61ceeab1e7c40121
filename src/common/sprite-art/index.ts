import { AVATAR_IDS, CLASS_IDS, type AvatarId, type ClassId } from '../characters';
import { GUILD_AVATAR_IDS, guildAvatarFile, type GuildAvatarId } from '../guilds';
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
import { GUILD_EMBLEM_SPRITES } from './guild-emblems';
import { IMAGE_SET_LOOK_IDS, imageSetVariant, type ImageSetLookId } from './image-set-palettes';
import { MAGE1, MAGE2 } from './mages';
import { type SpriteArt } from './palette';
import { renderSvg } from './render-svg';
import { ROGUE1 } from './rogues';
import { TANK1 } from './tanks';
import { WARRIOR1, WARRIOR2 } from './warriors';

export { ARENA_BACKGROUND, BASE_PALETTE, NEON, SPRITE_SIZE, type SpriteArt, type SpritePalette } from './palette';
export { renderSvg } from './render-svg';
export {
  IMAGE_SET_LOOKS,
  IMAGE_SET_LOOK_IDS,
  imageSetVariant,
  type ImageSetLook,
  type ImageSetLookId,
} from './image-set-palettes';

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

/** Every avatar in every image set's look but the default, keyed by avatar then look. */
export const AVATAR_VARIANT_SPRITES: Readonly<Record<AvatarId, Readonly<Record<ImageSetLookId, SpriteArt>>>> =
  Object.fromEntries(
    AVATAR_IDS.map((id) => [
      id,
      Object.fromEntries(IMAGE_SET_LOOK_IDS.map((look) => [look, imageSetVariant(AVATAR_SPRITES[id], look)])),
    ]),
  ) as Record<AvatarId, Record<ImageSetLookId, SpriteArt>>;

export { GUILD_EMBLEM_SPRITES } from './guild-emblems';

export type SpriteFile =
  | `${AvatarId}.svg`
  | `${AvatarId}-${ImageSetLookId}.svg`
  | `enemy-${ClassId}.svg`
  | `guild-${GuildAvatarId}.svg`;

/** Every sprite under its asset file name (`/api/assets/{file}`), image-set variants included. */
export const SPRITES: Readonly<Record<SpriteFile, SpriteArt>> = Object.fromEntries([
  ...AVATAR_IDS.map((id) => [avatarSpriteFile(id), AVATAR_SPRITES[id]] as const),
  ...AVATAR_IDS.flatMap((id) =>
    IMAGE_SET_LOOK_IDS.map((look) => [avatarSpriteFile(id, look), AVATAR_VARIANT_SPRITES[id][look]] as const),
  ),
  ...CLASS_IDS.map((classId) => [enemySpriteFile(classId), ENEMY_SPRITES[classId]] as const),
  ...GUILD_AVATAR_IDS.map((id) => [guildAvatarFile(id), GUILD_EMBLEM_SPRITES[id]] as const),
]) as Record<SpriteFile, SpriteArt>;

/** The SVG file contents of a sprite. */
export function spriteSvg(art: SpriteArt): string {
  return renderSvg(art.rows, art.palette, art.name);
}
