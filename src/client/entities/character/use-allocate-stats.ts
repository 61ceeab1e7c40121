import { useQueryClient } from '@tanstack/react-query';
import type { AllocateStatsBody } from '@common/characters';
import type { CharacterView } from '@common/game-api';
import { errorMessage } from '@client/lib/api';
import { api } from '@client/lib/endpoints';
import { useAction } from '@client/lib/use-action';
import { toast } from '@client/ui/toast-store';
import { characterKeys } from './character-keys';

export interface AllocateVars {
  points: AllocateStatsBody;
  /** Name for the toast; not sent. */
  name: string;
}

/** Spends stat points (`POST /api/characters/{id}/allocate-stats`) and reports the outcome. */
export function useAllocateStats(characterId: number) {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: ({ points }: AllocateVars, idempotencyKey) =>
      api.characters.allocateStats({ params: { id: characterId }, body: points }, { idempotencyKey }),
    onSuccess: async (updated, { points, name }) => {
      const spent = points.attack + points.defense + points.speed + points.magic;
      toast({
        title: 'Stats Upgraded',
        description: `${name} spent ${spent} stat point${spent === 1 ? '' : 's'}`,
        variant: 'success',
      });
      if (updated && typeof updated === 'object' && 'id' in updated) {
        queryClient.setQueryData<CharacterView[]>(characterKeys.all, (old) => old?.map((c) => (c.id === updated.id ? updated : c)));
      }
      // The prefix also refreshes this character's progression, equipment and skills.
      await queryClient.invalidateQueries({ queryKey: characterKeys.all });
    },
    onError: (err) => {
      toast({
        title: 'Failed to spend stat points',
        description: errorMessage(err, 'Failed to spend stat points'),
        variant: 'destructive',
      });
    },
  });
}
