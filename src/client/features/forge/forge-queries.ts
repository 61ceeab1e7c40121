import { useQuery } from '@tanstack/react-query';
import type { EquipmentSetView, ImageSetView, MaterialView } from '@common/economy-api';
import type { CharacterView } from '@common/game-api';
import { errorStatus, isUnauthorized } from '@client/lib/api';

/** Query keys of the Forge screen's reads (SPEC §7). */
export const CHARACTER_KEY = ['/api/character'] as const;
export const CHARACTERS_KEY = ['/api/characters'] as const;
export const MATERIALS_KEY = ['/api/forge/materials'] as const;
export const SETS_KEY = ['/api/forge/sets'] as const;
export const IMAGE_SETS_KEY = ['/api/character/image-sets'] as const;

/** The player's current character; a 404 means the player has none yet. */
export function useCurrentCharacter() {
  const query = useQuery<CharacterView>({ queryKey: CHARACTER_KEY });
  const unauthorized = query.isError && isUnauthorized(query.error);
  const missing = query.isError && !unauthorized && errorStatus(query.error) === 404;
  return {
    ...query,
    character: query.data ?? null,
    unauthorized,
    missing,
    /** A failure other than 401 or 404. */
    failed: query.isError && !unauthorized && !missing,
  };
}

export function useMaterials(enabled: boolean) {
  return useQuery<MaterialView[]>({ queryKey: MATERIALS_KEY, enabled });
}

export function useEquipmentSets(enabled: boolean) {
  return useQuery<EquipmentSetView[]>({ queryKey: SETS_KEY, enabled });
}

export function useImageSets(enabled: boolean) {
  return useQuery<ImageSetView[]>({ queryKey: IMAGE_SETS_KEY, enabled });
}
