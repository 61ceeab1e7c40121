import { SLOTS, type Slot } from '@common/gear';
import { cn } from '@client/lib/cn';
import { SLOT_PIXEL_ICONS } from '@client/ui/pixel-icons';
import { SLOT_LABELS } from './forge-rules';

/** The project's pixel icon of each slot. */
export const SLOT_ICONS = SLOT_PIXEL_ICONS;

export interface SlotPickerProps {
  value: Slot | null;
  onChange: (slot: Slot) => void;
  labelledBy: string;
  disabled?: boolean;
}

/** The six equipment slots as icon tiles: a native radio group, arrow keys move the choice. */
export function SlotPicker({ value, onChange, labelledBy, disabled }: SlotPickerProps) {
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className="grid grid-cols-3 gap-2" data-testid="slot-picker">
      {SLOTS.map((slot) => {
        const Icon = SLOT_ICONS[slot];
        const selected = slot === value;
        return (
          <label
            key={slot}
            data-testid={`slot-option-${slot}`}
            data-state={selected ? 'checked' : 'unchecked'}
            className={cn(
              'relative flex min-h-18 cursor-pointer flex-col items-center justify-center gap-2 border-2 px-1 py-2.5 text-center transition-colors',
              'has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-neon-lime has-[input:focus-visible]:outline-solid',
              disabled && 'cursor-not-allowed opacity-60',
              selected
                ? 'border-neon-magenta bg-neon-magenta/15 text-[#ff7ae6] shadow-[0_0_0_2px_var(--color-neon-magenta)]'
                : 'border-edge bg-panel-2 text-ink-muted hover:border-edge-bright hover:bg-panel-3 hover:text-ink',
            )}
          >
            <input
              type="radio"
              name="forge-slot"
              value={slot}
              checked={selected}
              disabled={disabled}
              onChange={() => onChange(slot)}
              className="sr-only"
            />
            <Icon aria-hidden className="size-6" />
            <span className="font-pixel text-pixel-2xs leading-normal">{SLOT_LABELS[slot]}</span>
          </label>
        );
      })}
    </div>
  );
}
