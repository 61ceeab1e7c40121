import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { BookOpen, GraduationCap, Lock, Sparkles } from 'lucide-react';
import type { CharacterView } from '@common/game-api';
import type { SkillView } from '@common/economy-api';
import { cn } from '@client/lib/cn';
import { Button } from '@client/ui';
import { className as classLabel } from '@client/features/characters/character-rules';
import { SkillEffects } from '@client/features/skills/skill-effects';
import { learnButtonState, learnedById, requiredLevel, sortSkills } from '@client/features/skills/skill-rules';
import { SkillTypeTag } from '@client/features/skills/skill-type-tag';
import { useClassSkills, useLearnSkill, useLearnedSkills } from '@client/features/skills/use-skills';
import { LoadFailed, SectionTitle } from './gear-tab';
import { ItemTag, SkeletonBlock } from './item-card';

function SkillSkeletons({ count }: { count: number }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2" role="status" aria-label="Loading skills">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} aria-hidden className="flex flex-col gap-3 border-2 border-edge bg-panel-2 p-3">
          <SkeletonBlock className="h-3 w-2/3" />
          <SkeletonBlock className="h-4 w-1/2" />
          <SkeletonBlock className="h-10 w-full" />
        </div>
      ))}
    </div>
  );
}

function Empty({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className="border-2 border-dashed border-edge bg-void/40 px-4 py-5 text-base text-ink-dim" data-testid={testId}>
      {children}
    </p>
  );
}

export interface SkillsTabProps {
  character: CharacterView;
  /** Unspent skill points (from the progression when loaded). */
  skillPoints: number;
  level: number;
}

/** Learned skills of the fighter and the skills of its class it can learn with skill points. */
export function SkillsTab({ character, skillPoints, level }: SkillsTabProps) {
  const classSkills = useClassSkills(character.class);
  const learnedQuery = useLearnedSkills(character.id);
  const learn = useLearnSkill(character.id, 'Failed to learn skill');
  const learned = learnedById(learnedQuery.data);
  const learningId = learn.isPending ? learn.variables?.skillId : undefined;
  const learnedList = [...(learnedQuery.data ?? [])].sort((a, b) => a.skill.name.localeCompare(b.skill.name));

  let learnedBody: ReactNode;
  if (learnedQuery.isPending) learnedBody = <SkillSkeletons count={2} />;
  else if (learnedQuery.isError)
    learnedBody = <LoadFailed what="learned skills" error={learnedQuery.error} onRetry={() => void learnedQuery.refetch()} />;
  else if (learnedList.length === 0)
    learnedBody = <Empty testId="no-learned-skills">No skills learned yet. Spend skill points below.</Empty>;
  else
    learnedBody = (
      <ul className="grid gap-3 sm:grid-cols-2" data-testid="learned-skills">
        {learnedList.map((l) => (
          <li
            key={l.id}
            className="flex flex-col gap-2 border-2 border-l-4 border-neon-lime/70 bg-panel-2 p-3 shadow-hard-sm"
            data-testid={`learned-skill-${l.skillId}`}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h4 className="font-pixel text-pixel-xs leading-relaxed text-ink">{l.skill.name}</h4>
              <ItemTag className="border-neon-lime/70 text-neon-lime" data-testid="learned-level">
                Lv {l.level}/{l.skill.maxLevel}
              </ItemTag>
            </div>
            <div className="flex flex-wrap gap-1.5">
              <SkillTypeTag type={l.skill.type} />
            </div>
            <p className="text-base leading-snug text-ink-muted">{l.skill.description}</p>
          </li>
        ))}
      </ul>
    );

  let availableBody: ReactNode;
  if (classSkills.isPending || learnedQuery.isPending) availableBody = <SkillSkeletons count={4} />;
  else if (classSkills.isError)
    availableBody = <LoadFailed what="class skills" error={classSkills.error} onRetry={() => void classSkills.refetch()} />;
  else if ((classSkills.data ?? []).length === 0)
    availableBody = (
      <Empty testId="no-class-skills">
        No skills available for the {classLabel(character.class)} class yet. Seed the database from the Marketplace tab.
      </Empty>
    );
  else
    availableBody = (
      <ul className="grid gap-3 sm:grid-cols-2" data-testid="available-skills">
        {sortSkills(classSkills.data ?? []).map((skill) => (
          <li key={skill.id} className="flex">
            <AvailableSkill
              skill={skill}
              learned={learned.has(skill.id)}
              points={skillPoints}
              level={level}
              learning={learningId === skill.id}
              locked={learn.isPending}
              onLearn={() => learn.mutate({ skillId: skill.id })}
            />
          </li>
        ))}
      </ul>
    );

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-wrap items-center justify-between gap-3 border-2 border-edge bg-panel-2 px-3 py-2">
        <p className="flex items-center gap-2 text-lg text-ink-muted">
          <Sparkles aria-hidden className="size-5 text-neon-magenta" />
          Skill points to spend:
          <span className="font-pixel text-pixel-xs text-[#ff7ae6]" data-testid="skills-tab-points">
            {skillPoints}
          </span>
        </p>
        <Button asChild variant="ghost" size="sm">
          <Link href="/skills">
            <BookOpen aria-hidden />
            Skill tree and progression
          </Link>
        </Button>
      </div>
      <section aria-label="Learned skills">
        <SectionTitle icon={<GraduationCap aria-hidden />} count={learnedQuery.isSuccess ? learnedList.length : undefined}>
          Learned Skills
        </SectionTitle>
        {learnedBody}
      </section>
      <section aria-label="Available skills">
        <SectionTitle icon={<Sparkles aria-hidden />}>{classLabel(character.class)} Skills</SectionTitle>
        {availableBody}
      </section>
    </div>
  );
}

interface AvailableSkillProps {
  skill: SkillView;
  learned: boolean;
  points: number;
  level: number;
  learning: boolean;
  locked: boolean;
  onLearn: () => void;
}

function AvailableSkill({ skill, learned, points, level, learning, locked, onLearn }: AvailableSkillProps) {
  const state = learnButtonState(skill, { learned, points, level });
  const hintId = `learn-hint-${skill.id}`;
  const levelLocked = level < requiredLevel(skill);
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
            Req Lv {requiredLevel(skill)}
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
