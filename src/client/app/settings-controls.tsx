import { useId, type CSSProperties } from 'react';
import { Sparkles, Volume1, Volume2, VolumeX } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { updateSettings, useSettings } from '@client/lib/settings';
import { playSound, useSoundSettings } from '@client/lib/sound';

function VolumeIcon({ volume, muted, className }: { volume: number; muted: boolean; className?: string }) {
  const Icon = muted || volume === 0 ? VolumeX : volume < 0.5 ? Volume1 : Volume2;
  return <Icon aria-hidden className={className} />;
}

/**
 * Sound and motion settings: a mute toggle, a volume slider and 'Reduce flicker'. Stored in this
 * browser, so they hold on the next visit.
 */
export function SettingsControls({ className }: { className?: string }) {
  const id = useId();
  const { volume, muted, setVolume, setMuted } = useSoundSettings();
  const { reduceFlicker } = useSettings();
  const percent = Math.round(volume * 100);
  const silent = muted || volume === 0;

  return (
    <div className={cn('flex flex-col gap-4', className)} data-testid="settings-controls">
      <div className="flex items-center justify-between gap-3">
        <span className="font-pixel text-pixel-2xs text-ink-muted uppercase">Sound</span>
        <button
          type="button"
          aria-pressed={muted}
          data-testid="sound-mute"
          onClick={() => setMuted(!muted)}
          className={cn(
            'flex min-h-9 cursor-pointer items-center gap-2 border-2 px-2.5 py-1 text-lg',
            muted
              ? 'border-danger bg-danger/15 text-[#ff9aa3]'
              : 'border-edge-bright bg-panel-3 text-ink hover:border-neon-cyan',
          )}
        >
          <VolumeIcon volume={volume} muted={muted} className="size-5 shrink-0" />
          {muted ? 'Muted' : 'Mute'}
        </button>
      </div>
      <div className="flex flex-col gap-1.5">
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={`${id}-volume`} className="font-pixel text-pixel-2xs text-ink-muted uppercase">
            Volume
          </label>
          <output htmlFor={`${id}-volume`} className="text-lg text-ink" data-testid="sound-volume-value">
            {silent ? 'off' : `${percent}%`}
          </output>
        </div>
        <input
          id={`${id}-volume`}
          data-testid="sound-volume"
          type="range"
          min={0}
          max={100}
          step={5}
          value={percent}
          aria-valuetext={silent ? `${percent}%, muted` : `${percent}%`}
          onChange={(event) => setVolume(Number(event.currentTarget.value) / 100)}
          // A sample of the new level once the player lets go.
          onPointerUp={() => playSound('click')}
          onKeyUp={(event) => {
            if (event.key.startsWith('Arrow') || event.key === 'Home' || event.key === 'End') playSound('click');
          }}
          className="pixel-range w-full"
          style={{ '--fill': `${percent}%` } as CSSProperties}
        />
      </div>
      <label className="flex cursor-pointer items-start gap-3 text-lg text-ink" htmlFor={`${id}-flicker`}>
        <input
          id={`${id}-flicker`}
          data-testid="reduce-flicker"
          type="checkbox"
          checked={reduceFlicker}
          onChange={(event) => updateSettings({ reduceFlicker: event.currentTarget.checked })}
          className="pixel-checkbox mt-1"
        />
        <span className="flex flex-col">
          <span className="flex items-center gap-1.5">
            <Sparkles aria-hidden className="size-4 text-neon-magenta" />
            Reduce flicker
          </span>
          <span className="text-base text-ink-muted">Still titles, no flashes or glitch effects</span>
        </span>
      </label>
    </div>
  );
}
