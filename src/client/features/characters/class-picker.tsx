import { CLASSES, CLASS_IDS, type ClassId } from '@common/classes';
import { cn } from '@client/lib/cn';
import { CLASS_COLORS, CLASS_ICONS } from '@client/entities/character/class-icons';

export interface ClassPickerProps {
  value: ClassId;
  onChange: (classId: ClassId) => void;
  labelledBy: string;
  disabled?: boolean;
}

/** The six classes with their descriptions: a native radio group, so arrow keys pick at once. */
export function ClassPicker({ value, onChange, labelledBy, disabled }: ClassPickerProps) {
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="class-picker">
      {CLASS_IDS.map((id) => {
        const info = CLASSES[id];
        const Icon = CLASS_ICONS[id];
        const selected = id === value;
        return (
          <label
            key={id}
            data-testid={`class-option-${id}`}
            data-state={selected ? 'checked' : 'unchecked'}
            className={cn(
              'flex cursor-pointer items-center gap-3 border-2 bg-panel-2 p-3 text-left transition-colors',
              'has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-neon-lime has-[input:focus-visible]:outline-solid',
              disabled && 'cursor-not-allowed opacity-60',
              selected
                ? 'border-neon-magenta bg-neon-magenta/10 shadow-[0_0_0_2px_var(--color-neon-magenta)]'
                : 'border-edge hover:border-edge-bright hover:bg-panel-3',
            )}
          >
            <input
              type="radio"
              name="class"
              value={id}
              checked={selected}
              disabled={disabled}
              onChange={() => onChange(id)}
              aria-describedby={`class-desc-${id}`}
              className="sr-only"
            />
            <span
              aria-hidden
              className={cn(
                'grid size-10 shrink-0 place-items-center border-2 bg-void',
                selected ? 'border-neon-magenta' : 'border-edge',
                CLASS_COLORS[id],
              )}
            >
              <Icon className="size-5" />
            </span>
            <span className="min-w-0">
              <span className={cn('block font-pixel text-pixel-xs', selected ? 'text-ink' : CLASS_COLORS[id])}>{info.name}</span>
              <span id={`class-desc-${id}`} className="mt-1 block text-base leading-tight text-ink-muted">
                {info.description}
              </span>
            </span>
          </label>
        );
      })}
    </div>
  );
}
