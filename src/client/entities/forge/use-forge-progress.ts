import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/endpoints';
import { forgeKeys } from './forge-keys';
import { forgeProgress, lastForgeSet } from './forge-progress';

/** Progress towards the next forge (the sets and the materials held, read through the forge's keys). */
export function useForgeProgress(enabled: boolean) {
  const sets = useQuery({ queryKey: forgeKeys.sets, queryFn: ({ signal }) => api.forge.sets({}, { signal }), enabled });
  const materials = useQuery({ queryKey: forgeKeys.materials, queryFn: ({ signal }) => api.forge.materials({}, { signal }), enabled });
  const progress = useMemo(
    () => (sets.data && materials.data ? forgeProgress(sets.data, materials.data, lastForgeSet()) : null),
    [sets.data, materials.data],
  );
  return {
    progress,
    isPending: sets.isPending || materials.isPending,
    isError: sets.isError || materials.isError,
    error: sets.error ?? materials.error,
    refetch: () => {
      void sets.refetch();
      void materials.refetch();
    },
  };
}
