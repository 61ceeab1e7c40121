import { Flame, Shield, Zap, type LucideIcon } from 'lucide-react';
import type { SkillType } from '@common/economy-api';
import { cn } from '@client/lib/cn';
import { skillTypeLabel } from './skill-rules';

const TYPE_STYLES: Record<SkillType, { icon: LucideIcon; className: string }> = {
  passive: { icon: Shield, className: 'border-neon-lime/80 bg-neon-lime/10 text-neon-lime' },
  active: { icon: Zap, className: 'border-neon-cyan/80 bg-neon-cyan/10 text-neon-cyan' },
  ultimate: { icon: Flame, className: 'border-neon-magenta/80 bg-neon-magenta/10 text-[#ff7ae6]' },
};

export function skillTypeIcon(type: SkillType): LucideIcon {
  return TYPE_STYLES[type]?.icon ?? Zap;
}

/** The type of a skill (passive, active, ultimate) as a coloured tag. */
export function SkillTypeTag({ type, className }: { type: SkillType; className?: string }) {
  const style = TYPE_STYLES[type] ?? TYPE_STYLES.active;
  const Icon = style.icon;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 border-2 px-1.5 py-1 font-pixel text-pixel-2xs leading-none whitespace-nowrap uppercase [&_svg]:size-3',
        style.className,
        className,
      )}
      data-testid="skill-type"
      data-type={type}
    >
      <Icon aria-hidden />
      {skillTypeLabel(type)}
    </span>
  );
}
