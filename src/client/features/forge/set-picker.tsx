import type { EquipmentSetView, MaterialView } from '@common/economy-api';
import type { SetId } from '@common/gear';
import { cn } from '@client/lib/cn';
import { setReadiness } from './forge-readiness';
import { BONUS_TIERS, materialRequirements } from './forge-rules';
import { MaterialGem, RarityBadge } from './rarity';

/** What one piece of the set needs against what the player holds ('2/3'), before anything is chosen. */
function SetMaterials({ set, materials }: { set: EquipmentSetView; materials: readonly MaterialView[] | undefined }) {
  const requirements = materialRequirements(set, materials ?? []);
  if (requirements.length === 0) return null;
  const { ready, held, needed } = setReadiness(requirements);
  return (
    <span className="flex flex-col gap-1 border-t-2 border-dashed border-edge pt-2" data-testid="set-materials" data-ready={materials ? ready : undefined}>
      <span className="flex items-baseline justify-between gap-2">
        <span className="font-pixel text-pixel-2xs text-ink-muted uppercase">Materials</span>
        {materials ? (
          <span className={cn('font-pixel text-pixel-2xs', ready ? 'text-neon-lime' : 'text-ink-muted')} data-testid="set-materials-status">
            {ready ? 'Ready to forge' : `${held}/${needed} held`}
          </span>
        ) : null}
      </span>
      {requirements.map((r) => (
        <span key={r.id} className="flex items-center gap-2 text-sm leading-tight" data-testid={`set-material-${r.id}`} data-enough={materials ? r.enough : undefined}>
          <MaterialGem rarity={r.rarity} />
          <span className="min-w-0 flex-1 text-ink">{r.name}</span>
          <span className={cn('shrink-0 font-pixel text-pixel-2xs tabular-nums', !materials ? 'text-ink-dim' : r.enough ? 'text-neon-lime' : 'text-[#ff8a95]')}>
            {materials ? r.have : '…'}/{r.need}
          </span>
        </span>
      ))}
    </span>
  );
}

export interface SetPickerProps {
  sets: readonly EquipmentSetView[];
  /** What the player holds (undefined while it loads). */
  materials: readonly MaterialView[] | undefined;
  value: SetId | null;
  onChange: (setId: SetId) => void;
  labelledBy: string;
  disabled?: boolean;
}

/** Every forgeable set as a card with its 2/4/6-piece bonuses and materials held/needed; a native radio group. */
export function SetPicker({ sets, materials, value, onChange, labelledBy, disabled }: SetPickerProps) {
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className="grid gap-3 sm:grid-cols-2" data-testid="set-picker">
      {sets.map((set) => {
        const selected = set.id === value;
        const nameId = `forge-set-${set.id}-name`;
        const detailId = `forge-set-${set.id}-detail`;
        return (
          <label
            key={set.id}
            data-testid={`set-option-${set.id}`}
            data-state={selected ? 'checked' : 'unchecked'}
            className={cn(
              'relative flex cursor-pointer flex-col gap-2.5 border-2 p-3 transition-colors',
              'has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-neon-lime has-[input:focus-visible]:outline-solid',
              disabled && 'cursor-not-allowed opacity-60',
              selected
                ? 'border-neon-cyan bg-neon-cyan/10 shadow-[0_0_0_2px_var(--color-neon-cyan)]'
                : 'border-edge bg-panel-2 hover:border-edge-bright hover:bg-panel-3',
            )}
          >
            <input
              type="radio"
              name="forge-set"
              value={set.id}
              checked={selected}
              disabled={disabled}
              onChange={() => onChange(set.id)}
              aria-labelledby={nameId}
              aria-describedby={detailId}
              className="sr-only"
            />
            <span className="flex flex-wrap items-start justify-between gap-2 pr-6">
              <span id={nameId} className={cn('font-pixel text-pixel-xs leading-relaxed', selected ? 'text-neon-cyan' : 'text-ink')}>
                {set.name}
              </span>
              <RarityBadge rarity={set.rarity} />
            </span>
            <span id={detailId} className="flex flex-col gap-2">
              <span className="text-base text-ink-muted">{set.description}</span>
              <span className="flex flex-col gap-1 border-t-2 border-dashed border-edge pt-2">
                {BONUS_TIERS.map((tier) => (
                  <span key={tier} className="flex items-baseline gap-2 text-sm leading-tight" data-testid={`set-bonus-${tier}`}>
                    <span className="shrink-0 font-pixel text-pixel-2xs text-neon-lime">{tier}-set</span>
                    <span className="min-w-0 text-ink">{set.bonuses[tier]?.effect ?? '—'}</span>
                  </span>
                ))}
              </span>
              <SetMaterials set={set} materials={materials} />
            </span>
            {selected ? (
              <span aria-hidden className="absolute top-1 right-1 bg-neon-cyan px-1 font-pixel text-pixel-2xs leading-normal text-void">
                ✓
              </span>
            ) : null}
          </label>
        );
      })}
    </div>
  );
}
