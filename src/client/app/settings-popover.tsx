import { Popover } from 'radix-ui';
import { Settings2, VolumeX } from 'lucide-react';
import { useSoundSettings } from '@client/lib/sound';
import { SettingsControls } from './settings-controls';
import { SETTINGS_BUTTON_CLASS } from './settings-menu';

/** The settings button of the top bar, opening the controls in a small panel. */
interface SettingsPopoverProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function SettingsPopover({ open, onOpenChange }: SettingsPopoverProps) {
  const { volume, muted } = useSoundSettings();
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger
        aria-label="Sound and motion settings"
        data-testid="settings-button"
        className={SETTINGS_BUTTON_CLASS}
      >
        {muted || volume === 0 ? (
          <VolumeX aria-hidden className="size-5" />
        ) : (
          <Settings2 aria-hidden className="size-5" />
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={10}
          collisionPadding={8}
          className="dialog-content z-50 w-[min(20rem,calc(100vw-1rem))] pixel-frame bg-panel p-4 text-ink [--frame:var(--color-neon-cyan)] focus-visible:outline-none"
          aria-label="Sound and motion settings"
        >
          <p className="mb-3 font-pixel text-pixel-xs text-neon-cyan">Settings</p>
          <SettingsControls />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
