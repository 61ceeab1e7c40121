import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { EquipmentItemView, OwnedEquipmentView } from '@common/economy-api';
import type { Slot } from '@common/gear';
import type { CharacterView } from '@common/game-api';
import { errorMessage } from '@client/lib/api';
import { api } from '@client/lib/endpoints';
import { playSound } from '@client/lib/sound';
import { useAction } from '@client/lib/use-action';
import { toast } from '@client/ui/toast-store';
import { characterKeys } from '@client/entities/character/character-keys';
import { equipmentKeys } from '@client/entities/equipment/equipment-keys';
import { skillKeys } from '@client/entities/skill/skill-keys';
import { setUserCredits } from '@client/entities/user/user-credits';
import { userKeys } from '@client/entities/user/user-keys';

/** A character's owned pieces, worn or not (`GET /api/characters/{id}/equipment`). */
export function useOwnedEquipment(characterId: number | undefined) {
  return useQuery({
    queryKey: characterKeys.equipment(characterId ?? 0),
    queryFn: ({ signal }) => api.equipment.owned({ params: { id: characterId ?? 0 } }, { signal }),
    enabled: characterId !== undefined,
  });
}

export function useEquipmentMarket(enabled = true) {
  return useQuery({ queryKey: equipmentKeys.market, queryFn: ({ signal }) => api.equipment.shop({}, { signal }), enabled });
}

export interface BuyVars {
  item: EquipmentItemView;
}

/** Buys a piece for the current character (`POST /api/equipment/{id}/buy`); refreshes gear and user. */
export function useBuyEquipment() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: ({ item }: BuyVars, idempotencyKey) =>
      api.equipment.buy({ params: { id: item.id } }, { idempotencyKey }),
    onSuccess: async (result, { item }) => {
      const worn = result?.owned?.equipped;
      if (worn) playSound('equip');
      toast({
        title: 'Equipment purchased successfully!',
        description: worn ? `${item.name} is equipped.` : `${item.name} is in your inventory.`,
        variant: 'success',
      });
      if (typeof result?.credits === 'number') {
        setUserCredits(queryClient, result.credits);
      }
      const owned = result?.owned;
      if (owned) {
        queryClient.setQueryData<OwnedEquipmentView[]>(characterKeys.equipment(owned.characterId), (old) =>
          old && !old.some((o) => o.id === owned.id) ? [...old, owned] : old,
        );
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.me }),
        // Owned equipment lives under this prefix; a piece worn at once also changes the stats.
        queryClient.invalidateQueries({ queryKey: characterKeys.all }),
      ]);
    },
    onError: (err) => {
      toast({
        title: 'Failed to purchase equipment',
        description: errorMessage(err, 'Failed to purchase equipment'),
        variant: 'destructive',
      });
    },
  });
}

export interface EquipVars {
  entry: OwnedEquipmentView;
}

/** Wears a piece from the bag in its slot (`POST /api/characters/{id}/equip`). */
export function useEquip(characterId: number | undefined) {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: ({ entry }: EquipVars) =>
      api.equipment.equip({
        params: { id: characterId },
        body: { equipmentId: entry.id, slot: entry.equipment.slot satisfies Slot },
      }),
    onSuccess: async (result, { entry }) => {
      playSound('equip');
      toast({ title: 'Equipped', description: `${entry.equipment.name} is now worn.`, variant: 'success' });
      if (characterId !== undefined && result) {
        if (Array.isArray(result.equipment)) queryClient.setQueryData(characterKeys.equipment(characterId), result.equipment);
        if (result.stats) {
          queryClient.setQueryData<CharacterView[]>(characterKeys.all, (old) =>
            old?.map((c) => (c.id === characterId ? { ...c, stats: result.stats } : c)),
          );
        }
      }
      await queryClient.invalidateQueries({ queryKey: characterKeys.all });
    },
    onError: (err) => {
      toast({ title: 'Failed to equip item', description: errorMessage(err, 'Failed to equip item'), variant: 'destructive' });
    },
  });
}

/** Stocks the equipment and skill catalogues (`POST /api/admin/seed-equipment`). */
export function useSeedDatabase() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: () => api.admin.seedEquipment(),
    onSuccess: async () => {
      toast({ title: 'Equipment and skills database seeded successfully!', variant: 'success' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: equipmentKeys.market }),
        queryClient.invalidateQueries({ queryKey: equipmentKeys.all }),
        queryClient.invalidateQueries({ queryKey: skillKeys.all }),
        queryClient.invalidateQueries({ queryKey: characterKeys.all }),
      ]);
    },
    onError: (err) => {
      toast({
        title: 'Failed to seed equipment database',
        description: errorMessage(err, 'Failed to seed equipment database'),
        variant: 'destructive',
      });
    },
  });
}
