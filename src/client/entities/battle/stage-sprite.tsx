import type { RefObject } from 'react';
import { cn } from '@client/lib/cn';
import { SpriteImage } from '@client/ui/character-sprite';
import type { FighterLook } from './fighter-look';
import type { StagePlace } from './stage-hud';

/** The number (or word) that pops over a fighter when a move lands on it. */
export interface Pop {
  key: number;
  text: string;
  tone: 'damage' | 'critical' | 'miss' | 'guard';
}

const POP_TONES: Record<Pop['tone'], string> = {
  damage: 'text-pixel-md text-ink sm:text-pixel-lg',
  critical: 'text-pixel-lg text-gold sm:text-pixel-xl',
  miss: 'text-pixel-md text-neon-cyan sm:text-pixel-lg',
  guard: 'text-pixel-sm text-neon-cyan sm:text-pixel-md',
};

export interface SpriteSlotProps {
  place: StagePlace;
  /** What the side is ('Your fighter', 'Enemy', a player's name): part of the sprite's alt text. */
  caption: string;
  look: FighterLook | null;
  knockedOut: boolean;
  dimmed: boolean;
  moveRef: RefObject<HTMLDivElement | null>;
  pop: Pop | null;
}

/** A fighter on the floor of the stage: the sprite (mirrored to face the other), its shadow and pops. */
export function SpriteSlot({ place, caption, look, knockedOut, dimmed, moveRef, pop }: SpriteSlotProps) {
  const right = place === 'enemy';
  return (
    <div className={cn('relative z-10 flex h-full items-end pb-[9%]', right ? 'justify-start pl-[9%]' : 'justify-end pr-[9%]')}>
      <div className="relative">
        {/* A hard pixel shadow on the floor. */}
        <span aria-hidden className="absolute inset-x-[12%] -bottom-1 h-2.5 bg-black/60" />
        <div ref={moveRef} className="relative">
          <div
            className={cn(knockedOut ? 'battle-ko' : 'hero-bob', dimmed && 'opacity-40')}
            style={{ animationDelay: right ? '-1.2s' : undefined, ['--ko-turn' as string]: right ? '90deg' : '-90deg' }}
          >
            {look ? (
              <SpriteImage
                file={look.sprite}
                alt={`${look.name} (${caption})`}
                size={144}
                flip={right && !look.facesLeft}
                className="size-24 sm:size-32 lg:size-36"
              />
            ) : (
              <div
                aria-hidden
                className="grid size-24 place-items-center border-4 border-dashed border-edge-bright font-pixel text-pixel-lg text-ink-dim sm:size-32 lg:size-36"
              >
                ?
              </div>
            )}
          </div>
        </div>
        {pop ? (
          <span key={pop.key} aria-hidden className={cn('battle-pop font-pixel', POP_TONES[pop.tone])}>
            {pop.text}
          </span>
        ) : null}
      </div>
    </div>
  );
}
