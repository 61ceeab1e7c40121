import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AllocateStatsBody, CreateCharacterBody } from '@common/characters';
import type { CharacterView, ListingView } from '@common/game-api';
import { PRODUCT_NAME, TOAST_DURATION_MS, formatCredits } from '@common/constants';
import { apiRequest, errorMessage } from '@client/lib/api';
import { USER_QUERY_KEY } from '@client/lib/use-auth';
import { toast } from '@client/ui/toast-store';
import { CHARACTERS_QUERY_KEY, MARKETPLACE_QUERY_KEY } from './character-rules';

/** The player's own characters; `enabled` lets a screen wait for the user first. */
export function useCharacters(options: { enabled?: boolean } = {}) {
  return useQuery<CharacterView[]>({ queryKey: CHARACTERS_QUERY_KEY, enabled: options.enabled ?? true });
}

function replaceCharacter(list: CharacterView[] | undefined, next: CharacterView): CharacterView[] | undefined {
  return list?.map((c) => (c.id === next.id ? next : c));
}

/**
 * `POST /api/characters`; on success the player is welcomed, the new fighter joins the list and
 * user and character data are refetched. The toasts live here because the form goes away on success.
 */
export function useCreateCharacter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCharacterBody) => apiRequest<CharacterView>('POST', '/api/characters', body),
    onSuccess: async (created, body) => {
      toast({
        title: 'Character Created!',
        description: `Welcome to ${PRODUCT_NAME}, ${created?.name ?? body.name}!`,
        variant: 'success',
        duration: TOAST_DURATION_MS,
      });
      queryClient.setQueryData<CharacterView[]>(CHARACTERS_QUERY_KEY, (old) =>
        old?.some((c) => c.id === created.id) ? old : [...(old ?? []), created],
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: CHARACTERS_QUERY_KEY }),
      ]);
    },
    onError: async (err) => {
      toast({
        title: 'Failed to create character',
        description: errorMessage(err, 'Failed to create character'),
        variant: 'destructive',
      });
      // A 409 means a character exists after all: show it.
      await queryClient.invalidateQueries({ queryKey: CHARACTERS_QUERY_KEY });
    },
  });
}

/** The two listing calls: the character list uses the first, the detail the second (SPEC §7). */
export type ListingPath = '/api/marketplace' | '/api/marketplace/sell';

export interface ListCharacterVars {
  characterId: number;
  price: number;
  /** Name for the toasts; not sent. */
  name: string;
}

export interface ListingFailureText {
  /** Title of the toast when the server refuses. */
  title: string;
  /** Its text when the server gives no message. */
  fallback: string;
}

/**
 * Lists a character for sale and reports the outcome; the list then shows it For Sale and is
 * refetched. The toasts live here so they show even if the asking component is gone.
 */
export function useListCharacter(path: ListingPath, failure: ListingFailureText) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ characterId, price }: ListCharacterVars) =>
      apiRequest<ListingView>('POST', path, { characterId, price }),
    onSuccess: (listing, vars) => {
      toast({
        title: 'Character Listed',
        description: `${vars.name} listed for ${formatCredits(vars.price)} credits`,
        variant: 'success',
      });
      queryClient.setQueryData<CharacterView[]>(CHARACTERS_QUERY_KEY, (old) =>
        old?.map((c) =>
          c.id === vars.characterId ? { ...c, listing: { id: listing?.id ?? 0, price: listing?.price ?? vars.price } } : c,
        ),
      );
    },
    onError: (err) => {
      toast({ title: failure.title, description: errorMessage(err, failure.fallback), variant: 'destructive' });
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: CHARACTERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: MARKETPLACE_QUERY_KEY }),
      ]);
    },
  });
}

export interface AllocateVars {
  points: AllocateStatsBody;
  /** Name for the toast; not sent. */
  name: string;
}

/** Spends stat points (`POST /api/characters/{id}/allocate-stats`) and reports the outcome. */
export function useAllocateStats(characterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ points }: AllocateVars) =>
      apiRequest<CharacterView>('POST', `/api/characters/${characterId}/allocate-stats`, points),
    onSuccess: async (updated, { points, name }) => {
      const spent = points.attack + points.defense + points.speed + points.magic;
      toast({
        title: 'Stats Upgraded',
        description: `${name} spent ${spent} stat point${spent === 1 ? '' : 's'}`,
        variant: 'success',
      });
      if (updated && typeof updated === 'object' && 'id' in updated) {
        queryClient.setQueryData<CharacterView[]>(CHARACTERS_QUERY_KEY, (old) => replaceCharacter(old, updated));
      }
      // The prefix also refreshes this character's progression, equipment and skills.
      await queryClient.invalidateQueries({ queryKey: CHARACTERS_QUERY_KEY });
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
