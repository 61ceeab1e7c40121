import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClassId } from '@common/characters';
import type { LearnSkillResultView, LearnedSkillView, SkillView } from '@common/economy-api';
import type { ProgressionView } from '@common/game-api';
import { apiRequest, errorMessage } from '@client/lib/api';
import { toast } from '@client/ui/toast-store';
import { CHARACTERS_QUERY_KEY } from '@client/features/characters/character-rules';

/** Prefix of the skill catalogue queries (`GET /api/skills`, `GET /api/skills/{class}`). */
export const SKILLS_QUERY_KEY = ['/api/skills'] as const;

export const classSkillsKey = (classId: ClassId) => ['/api/skills', classId] as const;
/** Under the characters prefix, so any change to the characters refreshes them too. */
export const learnedSkillsKey = (characterId: number) => ['/api/characters', characterId, 'skills'] as const;
export const progressionKey = (characterId: number) => ['/api/characters', characterId, 'progression'] as const;

/** Skills of one class (`GET /api/skills/{class}`). */
export function useClassSkills(classId: ClassId | undefined) {
  return useQuery<SkillView[]>({
    queryKey: classSkillsKey(classId ?? 'warrior'),
    enabled: classId !== undefined,
  });
}

/** Skills a character has learned (`GET /api/characters/{id}/skills`). */
export function useLearnedSkills(characterId: number | undefined) {
  return useQuery<LearnedSkillView[]>({
    queryKey: learnedSkillsKey(characterId ?? 0),
    enabled: characterId !== undefined,
  });
}

/** Level, experience and unspent points of a character (`GET /api/characters/{id}/progression`). */
export function useProgression(characterId: number | undefined) {
  return useQuery<ProgressionView>({
    queryKey: progressionKey(characterId ?? 0),
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
  return useMutation({
    mutationFn: ({ skillId }: LearnSkillVars) =>
      apiRequest<LearnSkillResultView>('POST', `/api/characters/${characterId}/learn-skill`, { skillId }),
    onSuccess: async (result) => {
      toast({ title: 'Skill learned successfully!', description: result?.learned?.skill?.name, variant: 'success' });
      if (characterId !== undefined && result) {
        if (result.progression) queryClient.setQueryData(progressionKey(characterId), result.progression);
        if (result.learned) {
          queryClient.setQueryData<LearnedSkillView[]>(learnedSkillsKey(characterId), (old) =>
            old && !old.some((l) => l.skillId === result.learned.skillId) ? [...old, result.learned] : old,
          );
        }
      }
      // The characters prefix covers learned skills, progression and the points shown with a
      // character; passive skills change its stats too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: CHARACTERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: SKILLS_QUERY_KEY }),
      ]);
    },
    onError: (err) => {
      toast({ title: errorTitle, description: errorMessage(err, 'Failed to learn skill'), variant: 'destructive' });
    },
  });
}
