import { urlOf } from '@common/api/url';
import { routeTable } from '@client/lib/route-table';
import { cn } from '@client/lib/cn';

export interface SpriteImageProps {
  /** Asset file name served by `/api/assets/{file}`, e.g. 'warrior1.svg'. */
  file: string;
  /** Accessible name; without it the sprite is decorative. */
  alt?: string;
  /** Rendered width and height in CSS pixels. */
  size?: number;
  /** Mirror horizontally, so two fighters face each other. */
  flip?: boolean;
  className?: string;
}

/** A pixel-art sprite from the game's assets, kept crisp at any size. */
export function SpriteImage({ file, alt = '', size = 96, flip = false, className }: SpriteImageProps) {
  return (
    <img
      src={urlOf(routeTable.assets.file, { file })}
      alt={alt}
      aria-hidden={alt ? undefined : true}
      width={size}
      height={size}
      draggable={false}
      className={cn('pixelated select-none', flip && '-scale-x-100', className)}
      style={{ imageRendering: 'pixelated' }}
    />
  );
}
