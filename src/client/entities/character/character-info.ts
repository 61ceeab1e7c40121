import { Shield, Sparkles, Sword, Zap, type LucideIcon } from 'lucide-react';
import { CLASSES, type ClassId, type StatKey } from '@common/classes';

/** The name a class shows under ('Warrior'), or its id when unknown. */
export function className(classId: ClassId): string {
  return CLASSES[classId]?.name ?? classId;
}

export interface StatInfo {
  key: StatKey;
  label: string;
  icon: LucideIcon;
  color: string;
}

/** Label, icon and colour of each stat, in the order they are shown. */
export const STAT_INFO: readonly StatInfo[] = [
  { key: 'attack', label: 'Attack', icon: Sword, color: 'text-danger' },
  { key: 'defense', label: 'Defense', icon: Shield, color: 'text-neon-cyan' },
  { key: 'speed', label: 'Speed', icon: Zap, color: 'text-neon-lime' },
  { key: 'magic', label: 'Magic', icon: Sparkles, color: 'text-neon-magenta' },
];
