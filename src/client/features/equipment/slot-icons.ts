import { Footprints, Gem, Hand, HardHat, Package, Shirt, Sword, type LucideIcon } from 'lucide-react';
import type { Slot } from '@common/economy-api';

const SLOT_ICONS: Record<Slot, LucideIcon> = {
  weapon: Sword,
  armor: Shirt,
  helmet: HardHat,
  boots: Footprints,
  gloves: Hand,
  accessory: Gem,
};

/** The icon of an equipment slot; an unknown slot shows a package. */
export function slotIcon(slot: string): LucideIcon {
  return (SLOT_ICONS as Record<string, LucideIcon | undefined>)[slot] ?? Package;
}
