import { Swords, Timer, TrendingUp } from 'lucide-react';
import type { SkillView } from '@common/economy-api';
import { cn } from '@client/lib/cn';
import { STAT_INFO } from '@client/entities/character/character-info';
import { skillEffectLines } from './skill-rules';

/** The effects of a skill: damage bonus, stat bonuses and cooldown, one chip each. */
export function SkillEffects({ effects, className }: { effects: SkillView['effects']; className?: string }) {
  const lines = skillEffectLines(effects);
  if (lines.length === 0) return null;
  return (
    <ul className={cn('flex flex-wrap gap-1.5', className)} aria-label="Effects" data-testid="skill-effects">
      {lines.map((line) => {
        const stat = line.stat ? STAT_INFO.find((s) => s.key === line.stat) : undefined;
        const Icon = line.kind === 'damage' ? Swords : line.kind === 'cooldown' ? Timer : (stat?.icon ?? TrendingUp);
        const color = line.kind === 'damage' ? 'text-danger' : line.kind === 'cooldown' ? 'text-gold' : stat?.color;
        return (
          <li
            key={line.text}
            className="inline-flex items-center gap-1.5 border-2 border-edge bg-void/70 px-1.5 py-0.5 text-base leading-none text-ink"
            data-effect={line.kind}
          >
            <Icon aria-hidden className={cn('size-3.5 shrink-0', color)} />
            {line.text}
          </li>
        );
      })}
    </ul>
  );
}
