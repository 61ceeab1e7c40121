import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ForgeResultView, SetId, Slot } from '@common/economy-api';
import { apiRequest, errorMessage } from '@client/lib/api';
import { playSound } from '@client/lib/sound';
import { USER_QUERY_KEY } from '@client/lib/use-auth';
import { toast } from '@client/ui';
import { CHARACTER_KEY, CHARACTERS_KEY, IMAGE_SETS_KEY, MATERIALS_KEY } from './forge-queries';
import { forgeResultToast, isEquipmentQueryKey } from './forge-rules';

export interface ForgeRequest {
  setId: SetId;
  slot: Slot;
}

/**
 * Forges one piece (`POST /api/forge/create`). The answer's success flag picks the toast;
 * either way materials, equipment and the player are read again afterwards.
 */
export function useForge(onResult?: (result: ForgeResultView) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ setId, slot }: ForgeRequest) =>
      apiRequest<ForgeResultView>('POST', '/api/forge/create', { equipmentSet: setId, slot, materials: {} }),
    onSuccess: (result) => {
      if (result?.success) playSound('forge');
      toast(forgeResultToast(result));
      onResult?.(result);
    },
    onError: (err) => {
      toast({
        title: 'Forging Error',
        description: errorMessage(err, 'Failed to forge equipment'),
        variant: 'destructive',
      });
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: MATERIALS_KEY }),
        queryClient.invalidateQueries({ predicate: (q) => isEquipmentQueryKey(q.queryKey) }),
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
      ]);
    },
  });
}

/** Puts the current character into another look (`POST /api/character/change-image-set`). */
export function useChangeImageSet(characterId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageSet: string) => {
      if (characterId === null) throw new Error('Please select a character first');
      return apiRequest<{ message: string }>('POST', '/api/character/change-image-set', { characterId, imageSet });
    },
    onSuccess: async (answer) => {
      toast({ title: 'Image Set Changed!', description: answer?.message ?? '', variant: 'success' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: CHARACTER_KEY }),
        queryClient.invalidateQueries({ queryKey: CHARACTERS_KEY }),
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: IMAGE_SETS_KEY }),
      ]);
    },
    onError: (err) => {
      toast({ title: 'Failed to Change Image Set', description: errorMessage(err), variant: 'destructive' });
    },
  });
}
