import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClassId } from '@common/classes';
import type { LearnedSkillView } from '@common/economy-api';
import { errorMessage } from '@client/lib/api';
import { api } from '@client/lib/endpoints';
import { useAction } from '@client/lib/use-action';
import { toast } from '@client/ui/toast-store';
import { characterKeys } from '@client/entities/character/character-keys';
import { skillKeys } from './skill-keys';

/** Skills of one class (`GET /api/skills/{class}`). */
export function useClassSkills(classId: ClassId | undefined) {
  return useQuery({
    queryKey: skillKeys.ofClass(classId ?? 'warrior'),
    queryFn: ({ signal }) => api.skills.ofClass({ params: { class: classId ?? 'warrior' } }, { signal }),
    enabled: classId !== undefined,
  });
}

/** Skills a character has learned (`GET /api/characters/{id}/skills`). */
export function useLearnedSkills(characterId: number | undefined) {
  return useQuery({
    queryKey: characterKeys.skills(characterId ?? 0),
    queryFn: ({ signal }) => api.skills.learned({ params: { id: characterId ?? 0 } }, { signal }),
    enabled: characterId !== undefined,
  });
}

/** Level, experience and unspent points of a character (`GET /api/characters/{id}/progression`). */
export function useProgression(characterId: number | undefined) {
  return useQuery({
    queryKey: characterKeys.progression(characterId ?? 0),
    queryFn: ({ signal }) => api.characters.progression({ params: { id: characterId ?? 0 } }, { signal }),
    enabled: characterId !== undefined,
  });
}

export interface LearnSkillVars {
  skillId: number;
}

/**
 * Learns a skill (`POST /api/characters/{id}/learn-skill`). On success the skill lists and the
 * progression are refreshed; a failure shows `errorTitle` with the server's message.
 */
export function useLearnSkill(characterId: number | undefined, errorTitle: string) {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: ({ skillId }: LearnSkillVars, idempotencyKey) =>
      api.skills.learn({ params: { id: characterId }, body: { skillId } }, { idempotencyKey }),
    onSuccess: async (result) => {
      toast({ title: 'Skill learned successfully!', description: result?.learned?.skill?.name, variant: 'success' });
      if (characterId !== undefined && result) {
        if (result.progression) queryClient.setQueryData(characterKeys.progression(characterId), result.progression);
        if (result.learned) {
          queryClient.setQueryData<LearnedSkillView[]>(characterKeys.skills(characterId), (old) =>
            old && !old.some((l) => l.skillId === result.learned.skillId) ? [...old, result.learned] : old,
          );
        }
      }
      // The characters prefix covers learned skills, progression and the points shown with a
      // character; passive skills change its stats too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: characterKeys.all }),
        queryClient.invalidateQueries({ queryKey: skillKeys.all }),
      ]);
    },
    onError: (err) => {
      toast({ title: errorTitle, description: errorMessage(err, 'Failed to learn skill'), variant: 'destructive' });
    },
  });
}

/**
 * Raises a learned skill one level (`POST /api/characters/{id}/upgrade-skill`). On success the
 * learned skill shows its new level at once and the progression and character data refresh.
 */
export function useUpgradeSkill(characterId: number | undefined, errorTitle: string) {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: ({ skillId }: LearnSkillVars, idempotencyKey) =>
      api.skills.upgrade({ params: { id: characterId }, body: { skillId } }, { idempotencyKey }),
    onSuccess: async (result) => {
      const name = result?.learned?.skill?.name;
      toast({
        title: 'Skill upgraded successfully!',
        description: name && result ? `${name} is now level ${result.learned.level}` : undefined,
        variant: 'success',
      });
      if (characterId !== undefined && result) {
        if (result.progression) queryClient.setQueryData(characterKeys.progression(characterId), result.progression);
        if (result.learned) {
          queryClient.setQueryData<LearnedSkillView[]>(characterKeys.skills(characterId), (old) =>
            old?.map((l) => (l.skillId === result.learned.skillId ? result.learned : l)),
          );
        }
      }
      await queryClient.invalidateQueries({ queryKey: characterKeys.all });
    },
    onError: (err) => {
      toast({ title: errorTitle, description: errorMessage(err, 'Failed to upgrade skill'), variant: 'destructive' });
    },
  });
}
