import { RotateCcw } from 'lucide-react';
import type { SkillType, SkillView } from '@common/economy-api';
import type { CharacterView } from '@common/game-api';
import { errorMessage } from '@client/lib/api';
import { Button, Tabs, TabsContent, TabsList, TabsTrigger } from '@client/ui';
import { TooltipProvider } from '@client/ui/tooltip';
import { className as classLabel } from '@client/entities/character/character-info';
import { SKILL_TYPES, emptySkillsText, learnedById, skillTypeLabel, skillsOfType } from '@client/entities/skill/skill-rules';
import { skillTypeIcon } from '@client/entities/skill/skill-type-tag';
import type { useClassSkills, useLearnSkill, useLearnedSkills, useUpgradeSkill } from '@client/entities/skill/use-skills';
import { SkillCard } from './skill-card';
import { SkillGridSkeleton } from './skills-states';

export interface SkillTreeProps {
  character: CharacterView;
  classSkills: ReturnType<typeof useClassSkills>;
  learnedQuery: ReturnType<typeof useLearnedSkills>;
  learn: ReturnType<typeof useLearnSkill>;
  upgrade: ReturnType<typeof useUpgradeSkill>;
  points: number;
  level: number;
  tab: SkillType;
  onTab: (tab: SkillType) => void;
}

function SkillsLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-3 border-2 border-danger/70 bg-danger-deep p-4" role="alert">
      <p className="font-pixel text-pixel-2xs text-[#ff8a95] uppercase">Could not load skills</p>
      <p className="text-base break-words text-ink-muted">{errorMessage(error)}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        <RotateCcw aria-hidden />
        Retry
      </Button>
    </div>
  );
}

function TypeTabs({ skills, label }: { skills: SkillView[] | undefined; label: string }) {
  return (
    <div className="scroll-px-2 overflow-x-auto">
      <TabsList aria-label={label} className="w-max min-w-full">
        {SKILL_TYPES.map((type) => {
          const Icon = skillTypeIcon(type);
          const count = skills ? skillsOfType(skills, type).length : null;
          return (
            <TabsTrigger key={type} value={type} className="whitespace-nowrap max-sm:px-2 max-sm:text-pixel-2xs" data-testid={`skills-tab-${type}`}>
              <span className="inline-flex items-center justify-center gap-2">
                <Icon aria-hidden className="size-4 max-sm:hidden" />
                {skillTypeLabel(type)}
                {count !== null ? <span className="text-ink-dim">{count}</span> : null}
              </span>
            </TabsTrigger>
          );
        })}
      </TabsList>
    </div>
  );
}

/** The skills of one type as cards, or why there are none. */
function TypePanel({ type, props }: { type: SkillType; props: SkillTreeProps }) {
  const { character, classSkills, learnedQuery, learn, upgrade, points, level } = props;
  const list = skillsOfType(classSkills.data, type);
  const error = classSkills.isError ? classSkills.error : learnedQuery.isError ? learnedQuery.error : null;
  const retry = () => {
    void classSkills.refetch();
    void learnedQuery.refetch();
  };
  if (classSkills.isPending || learnedQuery.isPending) return <SkillGridSkeleton />;
  if (error) return <SkillsLoadFailed error={error} onRetry={retry} />;
  if (list.length === 0) {
    return (
      <p className="border-2 border-dashed border-edge bg-void/40 px-4 py-10 text-center text-lg text-ink-dim" data-testid={`skills-empty-${type}`}>
        {emptySkillsText(type, classLabel(character.class))}
      </p>
    );
  }
  const learned = learnedById(learnedQuery.data);
  const learningId = learn.isPending ? learn.variables?.skillId : undefined;
  const upgradingId = upgrade.isPending ? upgrade.variables?.skillId : undefined;
  // The upgrade buttons' tooltips share the skip delay.
  return (
    <TooltipProvider>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid={`skills-list-${type}`}>
        {list.map((skill) => (
          <li key={skill.id}>
            <SkillCard
              skill={skill}
              learned={learned.get(skill.id)}
              points={points}
              level={level}
              learning={learningId === skill.id}
              busy={learn.isPending || upgrade.isPending}
              onLearn={() => learn.mutate({ skillId: skill.id })}
              upgrading={upgradingId === skill.id}
              onUpgrade={() => upgrade.mutate({ skillId: skill.id })}
            />
          </li>
        ))}
      </ul>
    </TooltipProvider>
  );
}

/** The class's skill tree: a tab per skill type, each with its cards. */
export function SkillTree(props: SkillTreeProps) {
  return (
    <Tabs value={props.tab} onValueChange={(v) => props.onTab(v as SkillType)}>
      <TypeTabs skills={props.classSkills.data} label={`${classLabel(props.character.class)} skills by type`} />
      {SKILL_TYPES.map((type) => (
        <TabsContent key={type} value={type}>
          <TypePanel type={type} props={props} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
