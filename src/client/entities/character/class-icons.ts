import { Axe, Crosshair, Shield, Swords, WandSparkles, Wind, type LucideIcon } from 'lucide-react';
import type { ClassId } from '@common/classes';

export const CLASS_ICONS: Record<ClassId, LucideIcon> = {
  warrior: Swords,
  mage: WandSparkles,
  rogue: Wind,
  tank: Shield,
  assassin: Crosshair,
  berserker: Axe,
};

/** Text colour of each class, used for its icon and name. */
export const CLASS_COLORS: Record<ClassId, string> = {
  warrior: 'text-gold',
  mage: 'text-neon-magenta',
  rogue: 'text-neon-lime',
  tank: 'text-neon-cyan',
  assassin: 'text-[#ff8a95]',
  berserker: 'text-[#ff9f43]',
};
