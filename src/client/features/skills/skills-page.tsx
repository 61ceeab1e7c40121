import { useState } from 'react';
import type { SkillType } from '@common/economy-api';
import { AuthRequired } from '@client/entities/user/auth-required';
import { errorMessage, isUnauthorized } from '@client/lib/api';
import { CharactersLoadError } from '@client/entities/character/character-gate';
import { useMyCharacters } from '@client/entities/character/use-my-characters';
import { useClassSkills, useLearnSkill, useLearnedSkills, useProgression, useUpgradeSkill } from '@client/entities/skill/use-skills';
import { CharacterPicker } from './character-picker';
import { ProgressionCard } from './progression-card';
import { SkillTree } from './skill-tree';
import { NoCharacters, Shell, SkillGridSkeleton } from './skills-states';

function LoadingSkills() {
  return (
    <Shell>
      <div aria-hidden className="mb-6 h-16 w-64 border-2 border-edge bg-panel-2 motion-safe:animate-pulse" />
      <div aria-hidden className="mb-6 h-56 border-2 border-edge bg-panel motion-safe:animate-pulse" />
      <SkillGridSkeleton />
    </Shell>
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
  const upgrade = useUpgradeSkill(character?.id, 'Error');

  const unauthorized =
    chars.unauthorized ||
    [classSkills, learnedQuery, progression].some((q) => q.isError && isUnauthorized(q.error));
  if (unauthorized) return <AuthRequired message="You need to be logged in to view your skills" />;
  if (chars.isPending) return <LoadingSkills />;
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

  return (
    <Shell>
      <CharacterPicker
        characters={chars.characters}
        selectedId={character.id}
        onSelect={(id) => {
          learn.reset();
          upgrade.reset();
          setPickedId(id);
        }}
      />
      <ProgressionCard
        character={character}
        progression={progression.data}
        learnedCount={learnedQuery.isSuccess ? learnedQuery.data.length : undefined}
      />
      <SkillTree
        character={character}
        classSkills={classSkills}
        learnedQuery={learnedQuery}
        learn={learn}
        upgrade={upgrade}
        points={progression.data?.availableSkillPoints ?? character.skillPoints}
        level={progression.data?.level ?? character.level}
        tab={tab}
        onTab={setTab}
      />
    </Shell>
  );
}
