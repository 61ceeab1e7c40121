import { avatarSpriteFile } from '@common/sprite-files';
import { cn } from '@client/lib/cn';
import { SpriteImage } from '@client/ui/character-sprite';

export interface SpriteStageProps {
  avatar: string | null | undefined;
  imageSet?: string;
  /** Sprite size in CSS pixels; the stage adds a little room around it. */
  size?: number;
  /** Accessible name of the sprite; decorative when left out. */
  alt?: string;
  accent?: 'cyan' | 'magenta' | 'lime' | 'gold' | 'none';
  /** Idle bob of the sprite (still for players who ask for less motion). */
  animate?: boolean;
  className?: string;
}

const accents = {
  cyan: 'border-neon-cyan/70 from-neon-cyan/15',
  magenta: 'border-neon-magenta/70 from-neon-magenta/15',
  lime: 'border-neon-lime/70 from-neon-lime/15',
  gold: 'border-gold/70 from-gold/15',
  none: 'border-edge from-edge/25',
} as const;

/** A fighter's sprite standing on a small lit arena floor, in a box of fixed size. */
export function SpriteStage({ avatar, imageSet, size = 96, alt, accent = 'cyan', animate = false, className }: SpriteStageProps) {
  const box = size + Math.round(size / 4);
  return (
    <div
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      className={cn(
        'relative grid shrink-0 place-items-center overflow-hidden border-2 bg-void bg-linear-to-t to-transparent',
        accents[accent],
        className,
      )}
      style={{ width: box, height: box }}
    >
      <div
        aria-hidden
        className="absolute inset-0 bg-[linear-gradient(to_right,rgb(90_90_143/0.18)_1px,transparent_1px),linear-gradient(to_bottom,rgb(90_90_143/0.18)_1px,transparent_1px)] bg-[size:8px_8px]"
      />
      <div aria-hidden className="absolute inset-x-[18%] bottom-[9%] h-[6%] bg-black/60" />
      {/* Named by the stage itself, so a sprite that fails to load shows no stray text. */}
      <SpriteImage file={avatarSpriteFile(avatar, imageSet)} size={size} className={cn('relative', animate && 'hero-bob')} />
    </div>
  );
}
