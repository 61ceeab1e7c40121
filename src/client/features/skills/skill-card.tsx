import { CircleCheck, Lock } from 'lucide-react';
import { requiredLevelOf } from '@common/skills';
import type { LearnedSkillView, SkillView } from '@common/economy-api';
import { cn } from '@client/lib/cn';
import { Button } from '@client/ui';
import { SkillEffects } from '@client/entities/skill/skill-effects';
import { skillCardState, type SkillCardState, type SkillContext } from '@client/entities/skill/skill-rules';
import { SkillTypeTag, skillTypeIcon } from '@client/entities/skill/skill-type-tag';
import { UpgradeSkillButton } from '@client/entities/skill/upgrade-skill-button';

const TAG = 'inline-flex items-center gap-1 border-2 px-1.5 py-1 font-pixel text-pixel-2xs leading-none whitespace-nowrap uppercase';

export interface SkillCardProps {
  skill: SkillView;
  learned: LearnedSkillView | undefined;
  points: number;
  level: number;
  learning: boolean;
  /** Another skill is being learned: hold the button. */
  busy: boolean;
  onLearn: () => void;
  /** This skill's upgrade is under way. */
  upgrading: boolean;
  onUpgrade: () => void;
}

/** The type icon, the name with a learned or locked mark, the type and the learned level. */
function SkillHeading({ skill, learned, state }: { skill: SkillView; learned: LearnedSkillView | undefined; state: SkillCardState }) {
  const Icon = skillTypeIcon(skill.type);
  return (
    <div className="flex gap-3 p-3 pb-2">
      <span
        aria-hidden
        className={cn(
          'grid size-11 shrink-0 place-items-center border-2 [&_svg]:size-5',
          state.locked ? 'border-edge bg-void/60 text-ink-dim' : 'border-edge-bright bg-panel-3 text-neon-cyan',
        )}
      >
        <Icon />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <h3
            id={`skill-name-${skill.id}`}
            className={cn('font-pixel text-pixel-xs leading-relaxed break-words', state.locked ? 'text-ink-muted' : 'text-ink')}
          >
            {skill.name}
          </h3>
          {state.learned ? (
            <CircleCheck role="img" aria-label="Learned" className="size-5 shrink-0 text-neon-lime" data-testid="skill-learned-mark" />
          ) : state.locked ? (
            <Lock role="img" aria-label="Locked" className="size-5 shrink-0 text-ink-dim" data-testid="skill-locked-mark" />
          ) : null}
        </div>
        <div className="mt-1 flex flex-wrap gap-1.5">
          <SkillTypeTag type={skill.type} />
          {learned ? (
            <span className={cn(TAG, 'border-neon-lime/70 bg-neon-lime/10 text-neon-lime')}>
              Lv {learned.level}/{skill.maxLevel}
            </span>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** What is still missing, and the learn button. */
function LearnBar({ skillId, state, learning, busy, onLearn }: { skillId: number; state: SkillCardState; learning: boolean; busy: boolean; onLearn: () => void }) {
  const missingId = `skill-missing-${skillId}`;
  return (
    <div className="mt-auto pt-3">
      <div className="flex flex-wrap items-center justify-between gap-2 border-t-2 border-edge bg-void/40 px-3 py-2">
        <span id={missingId} className="flex min-w-[10rem] flex-1 flex-col text-base leading-tight text-[#ff8a95]">
          {state.missing.map((m) => (
            <span key={m}>{m}</span>
          ))}
        </span>
        <Button
          size="sm"
          variant={state.canLearn ? 'primary' : 'secondary'}
          className="ml-auto"
          disabled={!state.canLearn || busy}
          aria-describedby={state.missing.length > 0 ? missingId : undefined}
          onClick={onLearn}
          data-testid={`skill-button-${skillId}`}
        >
          {state.learned ? <CircleCheck aria-hidden /> : state.canLearn ? null : <Lock aria-hidden />}
          {learning ? 'Learning...' : state.label}
        </Button>
      </div>
    </div>
  );
}

/** One skill of the tree: its costs, requirement, effects, state marks and the learn button. */
export function SkillCard({ skill, learned, points, level, learning, busy, onLearn, upgrading, onUpgrade }: SkillCardProps) {
  const ctx: SkillContext = { learned: learned !== undefined, points, level };
  const state = skillCardState(skill, ctx);
  const frame = state.learned
    ? 'border-neon-lime/80'
    : state.canLearn
      ? 'border-neon-cyan/80'
      : state.locked
        ? 'border-edge'
        : 'border-neon-magenta/60';

  return (
    <article
      aria-labelledby={`skill-name-${skill.id}`}
      className={cn('flex h-full flex-col border-2 border-l-4 bg-panel-2 shadow-hard-sm', frame)}
      data-testid={`skill-card-${skill.id}`}
      data-learned={state.learned ? 'true' : 'false'}
      data-locked={state.locked ? 'true' : 'false'}
    >
      <SkillHeading skill={skill} learned={learned} state={state} />
      <p className="px-3 text-base leading-snug text-ink-muted">{skill.description}</p>
      <dl className="grid grid-cols-3 gap-1.5 px-3 pt-3">
        <Fact label="Cost" value={`${skill.baseCost} SP`} tone="text-[#ff7ae6]" testId="skill-cost" />
        <Fact label="Max Lv" value={String(skill.maxLevel)} tone="text-ink" testId="skill-max-level" />
        <Fact
          label="Req Lv"
          value={String(requiredLevelOf(skill))}
          tone={state.locked ? 'text-[#ff8a95]' : 'text-neon-lime'}
          testId="skill-level-req"
        />
      </dl>
      <SkillEffects effects={skill.effects} className="px-3 pt-3" />
      {learned && learned.level < skill.maxLevel ? (
        <div className="mt-auto pt-3">
          <div className="border-t-2 border-edge bg-void/40 px-3 py-2">
            <UpgradeSkillButton learned={learned} points={points} level={level} upgrading={upgrading} busy={busy} onUpgrade={onUpgrade} />
          </div>
        </div>
      ) : (
        <LearnBar skillId={skill.id} state={state} learning={learning} busy={busy} onLearn={onLearn} />
      )}
    </article>
  );
}

function Fact({ label, value, tone, testId }: { label: string; value: string; tone: string; testId: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 border-2 border-edge bg-void/60 px-2 py-1.5">
      <dt className="truncate font-pixel text-pixel-2xs text-ink-dim uppercase">{label}</dt>
      <dd className={cn('font-pixel text-pixel-2xs leading-none', tone)} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
