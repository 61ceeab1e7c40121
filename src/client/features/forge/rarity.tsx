import type { CSSProperties } from 'react';
import type { Rarity } from '@common/gear';
import { Badge, PixelSprite, type BadgeVariant } from '@client/ui';
import { RarityGem } from '@client/ui/pixel-icons';
import { cn } from '@client/lib/cn';
import { RARITY_LABELS } from './forge-rules';

/** Colour of each rarity: badge look, text colour and the main colour of its pixel art. */
const RARITY_STYLE: Record<Rarity, { variant: BadgeVariant; style?: CSSProperties; text: string; color: string }> = {
  common: { variant: 'default', text: 'text-ink-muted', color: '#b0b0d4' },
  uncommon: { variant: 'lime', text: 'text-neon-lime', color: '#a3ff12' },
  rare: { variant: 'cyan', text: 'text-neon-cyan', color: '#22e4ff' },
  epic: { variant: 'magenta', text: 'text-[#ff7ae6]', color: '#ff2bd6' },
  legendary: { variant: 'gold', text: 'text-gold', color: '#ffd23f' },
  mythic: {
    variant: 'danger',
    style: { borderColor: '#ff9f43', color: '#ffb56b', backgroundColor: 'rgb(255 159 67 / 0.15)' },
    text: 'text-[#ffb56b]',
    color: '#ff9f43',
  },
  divine: {
    variant: 'default',
    style: { borderColor: '#fff3b0', color: '#fff8d6', backgroundColor: 'rgb(255 243 176 / 0.16)' },
    text: 'text-[#fff8d6]',
    color: '#fff3b0',
  },
};

export function rarityColor(rarity: Rarity | null | undefined): string {
  return rarity ? RARITY_STYLE[rarity].color : '#8c8cb8';
}

export function RarityBadge({ rarity, className }: { rarity: Rarity; className?: string }) {
  const look = RARITY_STYLE[rarity] ?? RARITY_STYLE.common;
  return (
    <Badge variant={look.variant} style={look.style} className={className} data-rarity={rarity}>
      <RarityGem className="size-[10px]! shrink-0" />
      {RARITY_LABELS[rarity] ?? rarity}
    </Badge>
  );
}

const GEM_ROWS = ['..hhh...', '.hcccm..', 'hccccmm.', 'cccccmmd', '.ccmmmd.', '..cmmd..', '...md...'] as const;

/** A small pixel crystal in the colour of a material's rarity. */
export function MaterialGem({ rarity, className }: { rarity: Rarity | null | undefined; className?: string }) {
  const color = rarityColor(rarity);
  return (
    <PixelSprite
      rows={GEM_ROWS}
      palette={{ h: '#ffffff', c: color, m: `color-mix(in srgb, ${color} 65%, #000)`, d: `color-mix(in srgb, ${color} 35%, #000)` }}
      scale={3}
      className={cn('shrink-0', className)}
    />
  );
}
