import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@common/auth';
import type { EquipView, EquipmentItemView, EquipmentPurchaseView, OwnedEquipmentView, Slot } from '@common/economy-api';
import type { CharacterView } from '@common/game-api';
import { apiRequest, errorMessage } from '@client/lib/api';
import { playSound } from '@client/lib/sound';
import { USER_QUERY_KEY } from '@client/lib/use-auth';
import { toast } from '@client/ui/toast-store';
import { CHARACTERS_QUERY_KEY } from '@client/features/characters/character-rules';
import { SKILLS_QUERY_KEY } from '@client/features/skills/use-skills';

/** Items for sale (`GET /api/equipment/marketplace`). */
export const EQUIPMENT_MARKET_QUERY_KEY = ['/api/equipment/marketplace'] as const;
/** The whole catalogue (`GET /api/equipment`). */
export const EQUIPMENT_QUERY_KEY = ['/api/equipment'] as const;

/** Under the characters prefix, so any change to the characters refreshes it too. */
export const ownedEquipmentKey = (characterId: number) => ['/api/characters', characterId, 'equipment'] as const;

/** A character's owned pieces, worn or not (`GET /api/characters/{id}/equipment`). */
export function useOwnedEquipment(characterId: number | undefined) {
  return useQuery<OwnedEquipmentView[]>({
    queryKey: ownedEquipmentKey(characterId ?? 0),
    enabled: characterId !== undefined,
  });
}

export function useEquipmentMarket(enabled = true) {
  return useQuery<EquipmentItemView[]>({ queryKey: EQUIPMENT_MARKET_QUERY_KEY, enabled });
}

export interface BuyVars {
  item: EquipmentItemView;
}

/** Buys a piece for the current character (`POST /api/equipment/{id}/buy`); refreshes gear and user. */
export function useBuyEquipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item }: BuyVars) => apiRequest<EquipmentPurchaseView>('POST', `/api/equipment/${item.id}/buy`),
    onSuccess: async (result, { item }) => {
      const worn = result?.owned?.equipped;
      if (worn) playSound('equip');
      toast({
        title: 'Equipment purchased successfully!',
        description: worn ? `${item.name} is equipped.` : `${item.name} is in your inventory.`,
        variant: 'success',
      });
      if (typeof result?.credits === 'number') {
        queryClient.setQueryData<PublicUser | null>(USER_QUERY_KEY, (old) => (old ? { ...old, credits: result.credits } : old));
      }
      const owned = result?.owned;
      if (owned) {
        queryClient.setQueryData<OwnedEquipmentView[]>(ownedEquipmentKey(owned.characterId), (old) =>
          old && !old.some((o) => o.id === owned.id) ? [...old, owned] : old,
        );
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
        // Owned equipment lives under this prefix; a piece worn at once also changes the stats.
        queryClient.invalidateQueries({ queryKey: CHARACTERS_QUERY_KEY }),
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
  return useMutation({
    mutationFn: ({ entry }: EquipVars) =>
      apiRequest<EquipView>('POST', `/api/characters/${characterId}/equip`, {
        equipmentId: entry.id,
        slot: entry.equipment.slot satisfies Slot,
      }),
    onSuccess: async (result, { entry }) => {
      playSound('equip');
      toast({ title: 'Equipped', description: `${entry.equipment.name} is now worn.`, variant: 'success' });
      if (characterId !== undefined && result) {
        if (Array.isArray(result.equipment)) queryClient.setQueryData(ownedEquipmentKey(characterId), result.equipment);
        if (result.stats) {
          queryClient.setQueryData<CharacterView[]>(CHARACTERS_QUERY_KEY, (old) =>
            old?.map((c) => (c.id === characterId ? { ...c, stats: result.stats } : c)),
          );
        }
      }
      await queryClient.invalidateQueries({ queryKey: CHARACTERS_QUERY_KEY });
    },
    onError: (err) => {
      toast({ title: 'Failed to equip item', description: errorMessage(err, 'Failed to equip item'), variant: 'destructive' });
    },
  });
}

/** Stocks the equipment and skill catalogues (`POST /api/admin/seed-equipment`). */
export function useSeedDatabase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ message: string }>('POST', '/api/admin/seed-equipment'),
    onSuccess: async () => {
      toast({ title: 'Equipment and skills database seeded successfully!', variant: 'success' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: EQUIPMENT_MARKET_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: EQUIPMENT_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: SKILLS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: CHARACTERS_QUERY_KEY }),
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
