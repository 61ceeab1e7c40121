import { lazy, Suspense, useState } from 'react';
import { Settings2, VolumeX } from 'lucide-react';
import { useSettings } from '@client/lib/settings';
import { warmLoad } from '@client/lib/warm-load';

export const SETTINGS_BUTTON_CLASS =
  'flex size-10 shrink-0 cursor-pointer items-center justify-center border-2 border-edge-bright text-ink-muted hover:bg-panel-3 hover:text-ink data-[state=open]:border-neon-cyan data-[state=open]:text-neon-cyan';

const loadPopover = () => import('./settings-popover');
const SettingsPopover = lazy(async () => ({ default: (await loadPopover()).SettingsPopover }));
/** Fetches the popover's code on the way to a click. */
const warmPopover = warmLoad(loadPopover);

/**
 * The settings button of the bar. Its popover (Radix, with its positioning code) is fetched when
 * the pointer or the focus first reaches the button and shown on the first press; until then the
 * same button stands in. Closing the popover gives the focus to the real button.
 */
export function SettingsMenu() {
  // The settings store, not the sound module: the synthesiser loads with the first sound.
  const { volume, muted } = useSettings();
  // Null until the first press; then whether the popover is open.
  const [open, setOpen] = useState<boolean | null>(null);
  const standIn = (
    <button
      type="button"
      aria-label="Sound and motion settings"
      aria-haspopup="dialog"
      data-testid="settings-button"
      className={SETTINGS_BUTTON_CLASS}
      // Fetched early, shown on the press: a re-render under the pointer would swallow the click.
      onPointerEnter={warmPopover}
      onFocus={warmPopover}
      onClick={() => setOpen(true)}
    >
      {muted || volume === 0 ? <VolumeX aria-hidden className="size-5" /> : <Settings2 aria-hidden className="size-5" />}
    </button>
  );
  if (open === null) return standIn;
  return (
    <Suspense fallback={standIn}>
      <SettingsPopover open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
