import type { ClassId, Stats } from '@common/classes';
import type { CharacterView, EnemyView } from '@common/game-api';
import type { Threat } from '@common/game-rules';
import type { RatingView } from '@common/pvp';
import type { ReplayFighter } from '@common/replays';
import { avatarSpriteFile } from '@common/sprite-files';

/** How a side of the stage looks: what the events do not say (sprite, stats, rating). */
export interface FighterLook {
  name: string;
  classId: ClassId;
  level: number;
  /** Asset file of the sprite. */
  sprite: string;
  /** HP before the battle's start event says. */
  maxHp: number;
  stats?: Stats;
  /** The PvP rating, shown on the PvP pages. */
  rating?: RatingView;
  /** How a rolled enemy compares with the fighter ('Threat: Low / Even / High'). */
  threat?: Threat;
  /** Enemy sprites are drawn facing left; avatars face right and are mirrored on the right side. */
  facesLeft?: boolean;
}

export function characterLook(c: CharacterView, rating?: RatingView): FighterLook {
  return {
    name: c.name,
    classId: c.class,
    level: c.level,
    sprite: avatarSpriteFile(c.characterAvatar, c.imageSet),
    maxHp: c.maxHp,
    stats: c.stats,
    rating,
  };
}

export function enemyLook(e: EnemyView): FighterLook {
  return { name: e.name, classId: e.class, level: e.level, sprite: e.sprite, maxHp: e.maxHp, stats: e.stats, threat: e.threat, facesLeft: true };
}

/** A stored battle's side: an enemy's own sprite, else the character's avatar in its image set. */
export function replayLook(f: ReplayFighter): FighterLook {
  return {
    name: f.name,
    classId: f.class,
    level: f.level,
    sprite: f.sprite ?? avatarSpriteFile(f.characterAvatar, f.imageSet ?? undefined),
    maxHp: f.maxHp,
    facesLeft: f.sprite !== null,
  };
}
