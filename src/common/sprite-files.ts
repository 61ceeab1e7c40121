import type { ClassId } from './characters';
import { resolveAvatar } from './classes';

/** Asset file names of the game's sprites, as served by `GET /api/assets/{file}`. */

export const DEFAULT_IMAGE_SET = 'default';

/** A character's sprite: its avatar, drawn in its image set's look. */
export function avatarSpriteFile(avatar: string | null | undefined, imageSet: string = DEFAULT_IMAGE_SET): string {
  const id = resolveAvatar(avatar).id;
  return imageSet === DEFAULT_IMAGE_SET ? `${id}.svg` : `${id}-${imageSet}.svg`;
}

export function enemySpriteFile(classId: ClassId): string {
  return `enemy-${classId}.svg`;
}
