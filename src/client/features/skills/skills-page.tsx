import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { RotateCcw, Shield, Sparkles, UserPlus, UserX } from 'lucide-react';
import type { SkillType } from '@common/economy-api';
import { AuthRequired } from '@client/app/auth-required';
import { errorMessage, isUnauthorized } from '@client/lib/api';
import { Button, Card, CardContent, CardHeader, CardTitle, PageHeader, Tabs, TabsContent, TabsList, TabsTrigger } from '@client/ui';
import { CharactersLoadError } from '@client/app/character-gate';
import { useMyCharacters } from '@client/features/battle/use-my-characters';
import { className as classLabel } from '@client/features/characters/character-rules';
import { CharacterPicker } from './character-picker';
import { ProgressionCard } from './progression-card';
import { SkillCard } from './skill-card';
import { SKILL_TYPES, emptySkillsText, learnedById, skillTypeLabel, skillsOfType } from './skill-rules';
import { skillTypeIcon } from './skill-type-tag';
import { useClassSkills, useLearnSkill, useLearnedSkills, useProgression } from './use-skills';

function Header() {
  return (
    <PageHeader
      title="Skills and Progression"
      subtitle="Spend skill points and track your progress"
      icon={<Sparkles />}
      actions={
        <Button asChild variant="secondary" size="sm">
          <Link href="/equipment">
            <Shield aria-hidden />
            Equipment
          </Link>
        </Button>
      }
    />
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <div data-testid="skills-page">
      <Header />
      {children}
    </div>
  );
}

function NoCharacters() {
  return (
    <div className="mx-auto max-w-lg py-6" data-testid="no-characters">
      <Card accent="magenta" className="text-center">
        <CardHeader className="items-center">
          <UserX aria-hidden className="size-8 text-neon-magenta" />
          <CardTitle>No Characters Found</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col items-center gap-5">
          <p className="text-lg text-ink-muted">Create a fighter to start learning skills.</p>
          <Button asChild size="lg">
            <Link href="/characters">
              <UserPlus aria-hidden />
              Create Character
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

function SkillGridSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-label="Loading skills" data-testid="skills-loading">
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} aria-hidden className="flex h-72 flex-col gap-3 border-2 border-l-4 border-edge bg-panel-2 p-3">
          <div className="flex gap-3">
            <span className="size-11 shrink-0 bg-panel-3 motion-safe:animate-pulse" />
            <div className="flex flex-1 flex-col gap-2">
              <span className="h-3 w-3/4 bg-panel-3 motion-safe:animate-pulse" />
              <span className="h-5 w-1/3 bg-panel-3 motion-safe:animate-pulse" />
            </div>
          </div>
          <span className="h-10 w-full bg-panel-3 motion-safe:animate-pulse" />
          <span className="h-12 w-full bg-panel-3 motion-safe:animate-pulse" />
        </div>
      ))}
    </div>
  );
}

/** Skills and Progression (SPEC §2): one fighter's progress and its class's skill tree. */
export function SkillsPage() {
  const chars = useMyCharacters();
  const [pickedId, setPickedId] = useState<number | null>(null);
  const [tab, setTab] = useState<SkillType>('passive');
  const character = chars.characters.find((c) => c.id === pickedId) ?? chars.characters[0];

  const classSkills = useClassSkills(character?.class);
  const learnedQuery = useLearnedSkills(character?.id);
  const progression = useProgression(character?.id);
  const learn = useLearnSkill(character?.id, 'Error');

  const unauthorized =
    chars.unauthorized ||
    [classSkills, learnedQuery, progression].some((q) => q.isError && isUnauthorized(q.error));
  if (unauthorized) return <AuthRequired message="You need to be logged in to view your skills" />;

  if (chars.isPending) {
    return (
      <Shell>
        <div aria-hidden className="mb-6 h-16 w-64 border-2 border-edge bg-panel-2 motion-safe:animate-pulse" />
        <div aria-hidden className="mb-6 h-56 border-2 border-edge bg-panel motion-safe:animate-pulse" />
        <SkillGridSkeleton />
      </Shell>
    );
  }
  if (chars.failed) {
    return (
      <Shell>
        <CharactersLoadError message={errorMessage(chars.error)} onRetry={() => void chars.refetch()} />
      </Shell>
    );
  }
  if (chars.empty || !character) {
    return (
      <Shell>
        <NoCharacters />
      </Shell>
    );
  }

  const learned = learnedById(learnedQuery.data);
  const points = progression.data?.availableSkillPoints ?? character.skillPoints;
  const level = progression.data?.level ?? character.level;
  const learningId = learn.isPending ? learn.variables?.skillId : undefined;
  const cls = classLabel(character.class);
  const loadingSkills = classSkills.isPending || learnedQuery.isPending;
  const skillsError = classSkills.isError ? classSkills.error : learnedQuery.isError ? learnedQuery.error : null;

  return (
    <Shell>
      <CharacterPicker
        characters={chars.characters}
        selectedId={character.id}
        onSelect={(id) => {
          learn.reset();
          setPickedId(id);
        }}
      />
      <ProgressionCard
        character={character}
        progression={progression.data}
        learnedCount={learnedQuery.isSuccess ? learnedQuery.data.length : undefined}
      />
      <Tabs value={tab} onValueChange={(v) => setTab(v as SkillType)}>
        <div className="overflow-x-auto">
          <TabsList aria-label={`${cls} skills by type`} className="w-max min-w-full">
            {SKILL_TYPES.map((type) => {
              const Icon = skillTypeIcon(type);
              const count = classSkills.data ? skillsOfType(classSkills.data, type).length : null;
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
        {SKILL_TYPES.map((type) => {
          const list = skillsOfType(classSkills.data, type);
          let body: ReactNode;
          if (loadingSkills) body = <SkillGridSkeleton />;
          else if (skillsError)
            body = (
              <div className="flex flex-col items-start gap-3 border-2 border-danger/70 bg-danger-deep p-4" role="alert">
                <p className="font-pixel text-pixel-2xs text-[#ff8a95] uppercase">Could not load skills</p>
                <p className="text-base break-words text-ink-muted">{errorMessage(skillsError)}</p>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    void classSkills.refetch();
                    void learnedQuery.refetch();
                  }}
                >
                  <RotateCcw aria-hidden />
                  Retry
                </Button>
              </div>
            );
          else if (list.length === 0)
            body = (
              <p
                className="border-2 border-dashed border-edge bg-void/40 px-4 py-10 text-center text-lg text-ink-dim"
                data-testid={`skills-empty-${type}`}
              >
                {emptySkillsText(type, cls)}
              </p>
            );
          else
            body = (
              <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid={`skills-list-${type}`}>
                {list.map((skill) => (
                  <li key={skill.id}>
                    <SkillCard
                      skill={skill}
                      learned={learned.get(skill.id)}
                      points={points}
                      level={level}
                      learning={learningId === skill.id}
                      busy={learn.isPending}
                      onLearn={() => learn.mutate({ skillId: skill.id })}
                    />
                  </li>
                ))}
              </ul>
            );
          return (
            <TabsContent key={type} value={type}>
              {body}
            </TabsContent>
          );
        })}
      </Tabs>
    </Shell>
  );
}
