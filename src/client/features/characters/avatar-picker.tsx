import { AVATARS, AVATAR_IDS, type AvatarId } from '@common/classes';
import { cn } from '@client/lib/cn';
import { SpriteStage } from '@client/entities/character/sprite-stage';

export interface AvatarPickerProps {
  value: AvatarId;
  onChange: (avatar: AvatarId) => void;
  /** Id of the element naming the group. */
  labelledBy: string;
  disabled?: boolean;
}

/** The eight avatars as sprite tiles: a native radio group, so arrow keys pick at once. */
export function AvatarPicker({ value, onChange, labelledBy, disabled }: AvatarPickerProps) {
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="avatar-picker">
      {AVATAR_IDS.map((id) => {
        const avatar = AVATARS[id];
        const selected = id === value;
        return (
          <label
            key={id}
            data-testid={`avatar-option-${id}`}
            data-state={selected ? 'checked' : 'unchecked'}
            className={cn(
              'relative flex cursor-pointer flex-col items-center gap-2 border-2 bg-panel-2 p-2.5 text-center transition-colors',
              'has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-neon-lime has-[input:focus-visible]:outline-solid',
              disabled && 'cursor-not-allowed opacity-60',
              selected
                ? 'border-neon-cyan bg-neon-cyan/10 shadow-[0_0_0_2px_var(--color-neon-cyan)]'
                : 'border-edge hover:border-edge-bright hover:bg-panel-3',
            )}
          >
            <input
              type="radio"
              name="avatar"
              value={id}
              checked={selected}
              disabled={disabled}
              onChange={() => onChange(id)}
              aria-describedby={`avatar-desc-${id}`}
              className="sr-only"
            />
            <SpriteStage avatar={id} size={64} accent={selected ? 'cyan' : 'none'} />
            <span className={cn('font-pixel text-pixel-2xs leading-normal', selected ? 'text-neon-cyan' : 'text-ink')}>
              {avatar.name}
            </span>
            <span id={`avatar-desc-${id}`} className="sr-only">
              {avatar.description}
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
