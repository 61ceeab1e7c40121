import { cn } from '@client/lib/cn';
import { THREAT_CHOICES, type ThreatChoice } from './use-enemy';

const TONES: Record<ThreatChoice, string> = {
  low: 'has-[input:checked]:border-neon-lime has-[input:checked]:bg-neon-lime/15 has-[input:checked]:text-neon-lime',
  even: 'has-[input:checked]:border-gold has-[input:checked]:bg-gold/15 has-[input:checked]:text-gold',
  high: 'has-[input:checked]:border-danger has-[input:checked]:bg-danger/15 has-[input:checked]:text-[#ff8a95]',
};

export interface ThreatPickerProps {
  value: ThreatChoice | null;
  onPick: (threat: ThreatChoice) => void;
  disabled: boolean;
  /** Fights left of the fighter's fair start: its enemies are picked for it until then. */
  fairStartLeft: number;
}

/** The threat of the next enemy: three radio buttons (arrow keys move between them); picking one rolls. */
export function ThreatPicker({ value, onPick, disabled, fairStartLeft }: ThreatPickerProps) {
  const fairStart = fairStartLeft > 0;
  return (
    <fieldset
      disabled={disabled || fairStart}
      aria-describedby={fairStart ? 'threat-fair-start' : undefined}
      data-testid="threat-picker"
      className="m-0 flex min-w-0 flex-wrap items-center gap-1.5 border-0 p-0"
    >
      <legend className="float-left mr-1 font-pixel text-pixel-2xs text-ink-muted uppercase">Threat</legend>
      {THREAT_CHOICES.map(({ value: choice, label }) => (
        <label
          key={choice}
          data-testid={`threat-option-${choice}`}
          className={cn(
            'flex min-h-8 cursor-pointer items-center border-2 border-edge bg-void/40 px-2 font-pixel text-pixel-2xs text-ink-muted uppercase',
            'hover:border-edge-bright has-[input:disabled]:cursor-not-allowed has-[input:disabled]:opacity-60',
            'has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-neon-lime',
            TONES[choice],
          )}
        >
          <input
            type="radio"
            name="enemy-threat"
            value={choice}
            checked={value === choice}
            onChange={() => onPick(choice)}
            // A click on the picked threat rolls another enemy of it.
            onClick={() => (value === choice ? onPick(choice) : undefined)}
            aria-label={`${label} threat: roll an enemy`}
            className="sr-only"
          />
          {label}
        </label>
      ))}
      {fairStart ? (
        <span id="threat-fair-start" data-testid="threat-fair-start" className="basis-full text-base leading-snug text-ink-muted">
          Your first fights are matched to you: pick a threat in {fairStartLeft} {fairStartLeft === 1 ? 'fight' : 'fights'}.
        </span>
      ) : null}
    </fieldset>
  );
}
