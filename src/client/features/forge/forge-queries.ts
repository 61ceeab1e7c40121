import { useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/endpoints';
import { characterKeys } from '@client/entities/character/character-keys';
import { forgeKeys } from '@client/entities/forge/forge-keys';

/** The Forge screen's reads (SPEC §7); the current character comes from entities/character. */

export function useMaterials(enabled: boolean) {
  return useQuery({ queryKey: forgeKeys.materials, queryFn: ({ signal }) => api.forge.materials({}, { signal }), enabled });
}

export function useEquipmentSets(enabled: boolean) {
  return useQuery({ queryKey: forgeKeys.sets, queryFn: ({ signal }) => api.forge.sets({}, { signal }), enabled });
}

export function useImageSets(enabled: boolean) {
  return useQuery({ queryKey: characterKeys.imageSets, queryFn: ({ signal }) => api.forge.imageSets({}, { signal }), enabled });
}
