import type { Slot } from '@common/gear';
import { SLOT_PIXEL_ICONS, UnknownSlotPixelIcon, type PixelIconProps } from '@client/ui/pixel-icons';

export type SlotIconComponent = (props: PixelIconProps) => React.JSX.Element;

/** The pixel icon of an equipment slot; an unknown slot shows a box. */
export function slotIcon(slot: string): SlotIconComponent {
  return (SLOT_PIXEL_ICONS as Record<string, SlotIconComponent | undefined>)[slot] ?? UnknownSlotPixelIcon;
}

export type { Slot };
