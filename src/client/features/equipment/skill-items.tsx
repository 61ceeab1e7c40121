import { Lock } from 'lucide-react';
import { requiredLevelOf } from '@common/skills';
import type { LearnedSkillView, SkillView } from '@common/economy-api';
import { cn } from '@client/lib/cn';
import { Button } from '@client/ui';
import { SkillEffects } from '@client/entities/skill/skill-effects';
import { learnButtonState } from '@client/entities/skill/skill-rules';
import { SkillTypeTag } from '@client/entities/skill/skill-type-tag';
import { UpgradeSkillButton } from '@client/entities/skill/upgrade-skill-button';
import { ItemTag } from './item-card';

export interface LearnedSkillProps {
  learned: LearnedSkillView;
  points: number;
  level: number;
  upgrading: boolean;
  busy: boolean;
  onUpgrade: () => void;
}

/** A skill the fighter has learned, at its level, with its upgrade button below the max level. */
export function LearnedSkill({ learned, points, level, upgrading, busy, onUpgrade }: LearnedSkillProps) {
  return (
    <li
      className="flex flex-col gap-2 border-2 border-l-4 border-neon-lime/70 bg-panel-2 p-3 shadow-hard-sm"
      data-testid={`learned-skill-${learned.skillId}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-pixel text-pixel-xs leading-relaxed text-ink">{learned.skill.name}</h4>
        <ItemTag className="border-neon-lime/70 text-neon-lime" data-testid="learned-level">
          Lv {learned.level}/{learned.skill.maxLevel}
        </ItemTag>
      </div>
      <div className="flex flex-wrap gap-1.5">
        <SkillTypeTag type={learned.skill.type} />
      </div>
      <p className="text-base leading-snug text-ink-muted">{learned.skill.description}</p>
      <div className="mt-auto pt-1">
        <UpgradeSkillButton learned={learned} points={points} level={level} upgrading={upgrading} busy={busy} onUpgrade={onUpgrade} />
      </div>
    </li>
  );
}

export interface AvailableSkillProps {
  skill: SkillView;
  learned: boolean;
  points: number;
  level: number;
  learning: boolean;
  locked: boolean;
  onLearn: () => void;
}

export function AvailableSkill({ skill, learned, points, level, learning, locked, onLearn }: AvailableSkillProps) {
  const state = learnButtonState(skill, { learned, points, level });
  const hintId = `learn-hint-${skill.id}`;
  const levelLocked = level < requiredLevelOf(skill);
  return (
    <article
      aria-label={skill.name}
      className={cn(
        'flex flex-1 flex-col border-2 border-l-4 bg-panel-2 shadow-hard-sm',
        state.label === 'Already Learned' ? 'border-neon-lime/60' : levelLocked ? 'border-edge' : 'border-neon-magenta/70',
      )}
      data-testid={`available-skill-${skill.id}`}
      data-state={state.label}
    >
      <div className="flex flex-col gap-2 p-3 pb-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h4 className={cn('flex items-center gap-2 font-pixel text-pixel-xs leading-relaxed', levelLocked ? 'text-ink-muted' : 'text-ink')}>
            {levelLocked ? <Lock aria-label="Locked" className="size-3.5 shrink-0 text-ink-dim" /> : null}
            {skill.name}
          </h4>
          <ItemTag className="border-neon-magenta/70 text-[#ff7ae6]" data-testid="skill-cost">
            {skill.baseCost} SP
          </ItemTag>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <SkillTypeTag type={skill.type} />
          <ItemTag className={levelLocked ? 'border-danger/70 text-[#ff8a95]' : undefined} data-testid="skill-level-req">
            Req Lv {requiredLevelOf(skill)}
          </ItemTag>
        </div>
        <p className="text-base leading-snug text-ink-muted">{skill.description}</p>
        <SkillEffects effects={skill.effects} />
      </div>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t-2 border-edge bg-void/40 px-3 py-2">
        <span id={hintId} className="min-w-[8rem] flex-1 text-base leading-tight text-[#ff8a95]" data-testid={`learn-hint-${skill.id}`}>
          {state.hint}
        </span>
        <Button
          size="sm"
          variant={state.label === 'Learn Skill' && !state.disabled ? 'primary' : 'secondary'}
          className="ml-auto"
          disabled={state.disabled || locked}
          aria-describedby={state.hint ? hintId : undefined}
          onClick={onLearn}
          data-testid={`learn-skill-${skill.id}`}
        >
          {learning ? 'Learning...' : state.label}
        </Button>
      </div>
    </article>
  );
}
