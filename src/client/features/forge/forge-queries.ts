import { useQuery } from '@tanstack/react-query';
import type { EquipmentSetView, ImageSetView, MaterialView } from '@common/economy-api';
import { characterKeys } from '@client/entities/character/character-keys';
import { forgeKeys } from '@client/entities/forge/forge-keys';

/** The Forge screen's reads (SPEC §7); the current character comes from entities/character. */

export function useMaterials(enabled: boolean) {
  return useQuery<MaterialView[]>({ queryKey: forgeKeys.materials, enabled });
}

export function useEquipmentSets(enabled: boolean) {
  return useQuery<EquipmentSetView[]>({ queryKey: forgeKeys.sets, enabled });
}

export function useImageSets(enabled: boolean) {
  return useQuery<ImageSetView[]>({ queryKey: characterKeys.imageSets, enabled });
}
