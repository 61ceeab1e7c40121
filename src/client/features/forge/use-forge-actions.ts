import { useQueryClient } from '@tanstack/react-query';
import type { ForgeResultView } from '@common/economy-api';
import type { SetId, Slot } from '@common/gear';
import { errorMessage } from '@client/lib/api';
import { api } from '@client/lib/endpoints';
import { playSound } from '@client/lib/sound';
import { useAction } from '@client/lib/use-action';
import { toast } from '@client/ui';
import { characterKeys } from '@client/entities/character/character-keys';
import { forgeKeys } from '@client/entities/forge/forge-keys';
import { userKeys } from '@client/entities/user/user-keys';
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
  return useAction({
    mutationFn: ({ setId, slot }: ForgeRequest, idempotencyKey) =>
      api.forge.create({ body: { equipmentSet: setId, slot, materials: {} } }, { idempotencyKey }),
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
        queryClient.invalidateQueries({ queryKey: forgeKeys.materials }),
        queryClient.invalidateQueries({ predicate: (q) => isEquipmentQueryKey(q.queryKey) }),
        queryClient.invalidateQueries({ queryKey: userKeys.me }),
      ]);
    },
  });
}

/** Puts the current character into another look (`POST /api/character/change-image-set`). */
export function useChangeImageSet(characterId: number | null) {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: async (imageSet: string, idempotencyKey) => {
      if (characterId === null) throw new Error('Please select a character first');
      return api.forge.changeImageSet({ body: { characterId, imageSet } }, { idempotencyKey });
    },
    onSuccess: async (answer) => {
      toast({ title: 'Image Set Changed!', description: answer?.message ?? '', variant: 'success' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: characterKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.me }),
        queryClient.invalidateQueries({ queryKey: characterKeys.imageSets }),
      ]);
    },
    onError: (err) => {
      toast({ title: 'Failed to Change Image Set', description: errorMessage(err), variant: 'destructive' });
    },
  });
}
