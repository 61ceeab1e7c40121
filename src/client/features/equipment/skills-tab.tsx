import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { BookOpen, GraduationCap, Sparkles } from 'lucide-react';
import type { CharacterView } from '@common/game-api';
import { Button } from '@client/ui';
import { className as classLabel } from '@client/entities/character/character-info';
import { learnedById, sortSkills } from '@client/entities/skill/skill-rules';
import { useClassSkills, useLearnSkill, useLearnedSkills, useUpgradeSkill } from '@client/entities/skill/use-skills';
import { LoadFailed, SectionTitle } from './gear-tab';
import { SkeletonBlock } from './item-card';
import { AvailableSkill, LearnedSkill } from './skill-items';

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

function LearnedSkills({ query, character, skillPoints, level }: SkillsTabProps & { query: ReturnType<typeof useLearnedSkills> }) {
  const upgrade = useUpgradeSkill(character.id, 'Failed to upgrade skill');
  const upgradingId = upgrade.isPending ? upgrade.variables?.skillId : undefined;
  const list = [...(query.data ?? [])].sort((a, b) => a.skill.name.localeCompare(b.skill.name));
  let body: ReactNode;
  if (query.isPending) body = <SkillSkeletons count={2} />;
  else if (query.isError) body = <LoadFailed what="learned skills" error={query.error} onRetry={() => void query.refetch()} />;
  else if (list.length === 0) body = <Empty testId="no-learned-skills">No skills learned yet. Spend skill points below.</Empty>;
  else
    body = (
      <ul className="grid gap-3 sm:grid-cols-2" data-testid="learned-skills">
        {list.map((l) => (
          <LearnedSkill
            key={l.id}
            learned={l}
            points={skillPoints}
            level={level}
            upgrading={upgradingId === l.skillId}
            busy={upgrade.isPending}
            onUpgrade={() => upgrade.mutate({ skillId: l.skillId })}
          />
        ))}
      </ul>
    );
  return (
    <section aria-label="Learned skills">
      <SectionTitle icon={<GraduationCap aria-hidden />} count={query.isSuccess ? list.length : undefined}>
        Learned Skills
      </SectionTitle>
      {body}
    </section>
  );
}

function AvailableSkills({ character, skillPoints, level, learnedQuery }: SkillsTabProps & { learnedQuery: ReturnType<typeof useLearnedSkills> }) {
  const classSkills = useClassSkills(character.class);
  const learn = useLearnSkill(character.id, 'Failed to learn skill');
  const learned = learnedById(learnedQuery.data);
  const learningId = learn.isPending ? learn.variables?.skillId : undefined;
  let body: ReactNode;
  if (classSkills.isPending || learnedQuery.isPending) body = <SkillSkeletons count={4} />;
  else if (classSkills.isError) body = <LoadFailed what="class skills" error={classSkills.error} onRetry={() => void classSkills.refetch()} />;
  else if ((classSkills.data ?? []).length === 0)
    body = (
      <Empty testId="no-class-skills">
        No skills available for the {classLabel(character.class)} class yet. Seed the database from the Marketplace tab.
      </Empty>
    );
  else
    body = (
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
    <section aria-label="Available skills">
      <SectionTitle icon={<Sparkles aria-hidden />}>{classLabel(character.class)} Skills</SectionTitle>
      {body}
    </section>
  );
}

/** Learned skills of the fighter and the skills of its class it can learn with skill points. */
export function SkillsTab(props: SkillsTabProps) {
  const learnedQuery = useLearnedSkills(props.character.id);
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-wrap items-center justify-between gap-3 border-2 border-edge bg-panel-2 px-3 py-2">
        <p className="flex items-center gap-2 text-lg text-ink-muted">
          <Sparkles aria-hidden className="size-5 text-neon-magenta" />
          Skill points to spend:
          <span className="font-pixel text-pixel-xs text-[#ff7ae6]" data-testid="skills-tab-points">
            {props.skillPoints}
          </span>
        </p>
        <Button asChild variant="ghost" size="sm">
          <Link href="/skills">
            <BookOpen aria-hidden />
            Skill tree and progression
          </Link>
        </Button>
      </div>
      <LearnedSkills {...props} query={learnedQuery} />
      <AvailableSkills {...props} learnedQuery={learnedQuery} />
    </div>
  );
}
