import { useId, type ComponentProps, type ReactNode } from 'react';
import type { Stats } from '@common/classes';
import type { EquipmentItemView } from '@common/economy-api';
import { cn } from '@client/lib/cn';
import { RarityGem } from '@client/ui/pixel-icons';
import { STAT_INFO } from '@client/entities/character/character-info';
import { rarityStyle, slotLabel, statBonuses } from './equipment-rules';
import { slotIcon } from './slot-icons';

const TAG = 'inline-flex items-center gap-1 border-2 px-1.5 py-1 font-pixel text-pixel-2xs leading-none whitespace-nowrap uppercase';

/** The rarity of a piece as a coloured tag. */
export function RarityTag({ rarity, className }: { rarity: string; className?: string }) {
  const style = rarityStyle(rarity);
  return (
    <span className={cn(TAG, style.border, style.fill, style.text, className)} data-testid="item-rarity" data-rarity={rarity}>
      <RarityGem className="size-[10px] shrink-0" />
      {style.label}
    </span>
  );
}

/** A plain tag (slot, level, state) in the style of the rarity tag. */
export function ItemTag({ children, className, ...props }: ComponentProps<'span'>) {
  return (
    <span className={cn(TAG, 'border-edge-bright bg-void/60 text-ink-muted [&_svg]:size-3', className)} {...props}>
      {children}
    </span>
  );
}

/** The icon box of a slot, framed in the rarity colour. */
export function SlotIconBox({ slot, rarity, size = 'md' }: { slot: string; rarity?: string; size?: 'sm' | 'md' }) {
  const Icon = slotIcon(slot);
  const style = rarity ? rarityStyle(rarity) : null;
  return (
    <span
      aria-hidden
      className={cn(
        'grid shrink-0 place-items-center border-2',
        size === 'md' ? 'size-12 [&_svg]:size-6' : 'size-9 [&_svg]:size-6',
        style ? [style.border, style.fill, style.text].join(' ') : 'border-dashed border-edge bg-void/60 text-ink-dim',
      )}
      data-slot-icon={slot}
    >
      <Icon />
    </span>
  );
}

/** The non-zero stat bonuses of a piece as small chips; 'No stat bonuses' when it has none. */
export function StatChips({ stats, className }: { stats: Partial<Stats>; className?: string }) {
  const bonuses = statBonuses(stats);
  if (bonuses.length === 0) {
    return <p className={cn('text-base text-ink-dim', className)}>No stat bonuses</p>;
  }
  return (
    <ul className={cn('flex flex-wrap gap-1.5', className)} aria-label="Stat bonuses" data-testid="item-stats">
      {bonuses.map((b) => {
        const info = STAT_INFO.find((s) => s.key === b.key);
        const Icon = info?.icon;
        return (
          <li
            key={b.key}
            className="inline-flex items-center gap-1.5 border-2 border-edge bg-void/70 px-1.5 py-0.5 text-base leading-none text-ink"
            data-stat={b.key}
            data-value={b.value}
          >
            {Icon ? <Icon aria-hidden className={cn('size-3.5', info?.color)} /> : null}
            <span className="sr-only">{b.long}</span>
            <span aria-hidden className="tabular-nums">
              {b.short}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

export interface ItemCardProps extends Omit<ComponentProps<'article'>, 'children'> {
  item: EquipmentItemView;
  /** Extra tags after rarity, slot and level. */
  tags?: ReactNode;
  /** The action row (price and Buy, or Equip). */
  footer?: ReactNode;
}

/** One piece of equipment: slot icon, name in its rarity colour, tags, description and bonuses. */
export function ItemCard({ item, tags, footer, className, ...props }: ItemCardProps) {
  const style = rarityStyle(item.rarity);
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className={cn('flex min-w-0 flex-col border-2 border-l-4 bg-panel-2 shadow-hard-sm', style.border, className)}
      data-item-id={item.id}
      data-slot={item.slot}
      {...props}
    >
      <div className="flex gap-3 p-3 pb-2">
        <SlotIconBox slot={item.slot} rarity={item.rarity} />
        <div className="min-w-0 flex-1">
          <h4 id={titleId} className={cn('font-pixel text-pixel-xs leading-relaxed break-words', style.text)} data-testid="item-name">
            {item.name}
          </h4>
          <div className="mt-1 flex flex-wrap gap-1.5">
            <RarityTag rarity={item.rarity} />
            <ItemTag data-testid="item-slot">{slotLabel(item.slot)}</ItemTag>
            <ItemTag data-testid="item-level">Lv {item.level}</ItemTag>
            {tags}
          </div>
        </div>
      </div>
      {item.description ? (
        <p className="px-3 text-base leading-snug text-ink-muted" data-testid="item-description">
          {item.description}
        </p>
      ) : null}
      <StatChips stats={item.stats} className="px-3 pt-2 pb-3" />
      {footer ? (
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t-2 border-edge bg-void/40 px-3 py-2">
          {footer}
        </div>
      ) : null}
    </article>
  );
}

/** A grey placeholder block while data loads. */
export function SkeletonBlock({ className }: { className?: string }) {
  return <span aria-hidden className={cn('block bg-panel-3 motion-safe:animate-pulse', className)} />;
}

/** Placeholder item cards of the right size while a list loads. */
export function ItemCardSkeletons({ count = 3, className }: { count?: number; className?: string }) {
  return (
    <div className={className} role="status" aria-label="Loading" data-testid="item-skeletons">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} aria-hidden className="flex flex-col gap-3 border-2 border-l-4 border-edge bg-panel-2 p-3">
          <div className="flex gap-3">
            <SkeletonBlock className="size-12 shrink-0" />
            <div className="flex flex-1 flex-col gap-2">
              <SkeletonBlock className="h-3 w-3/4" />
              <SkeletonBlock className="h-4 w-1/2" />
            </div>
          </div>
          <SkeletonBlock className="h-4 w-full" />
          <SkeletonBlock className="h-5 w-2/3" />
        </div>
      ))}
    </div>
  );
}
