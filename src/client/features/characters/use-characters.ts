import { useQueryClient } from '@tanstack/react-query';
import type { CreateCharacterBody } from '@common/characters';
import type { CharacterView } from '@common/game-api';
import { PRODUCT_NAME, TOAST_DURATION_MS, formatCredits } from '@common/constants';
import { errorMessage } from '@client/lib/api';
import { api } from '@client/lib/endpoints';
import { useAction } from '@client/lib/use-action';
import { toast } from '@client/ui/toast-store';
import { characterKeys } from '@client/entities/character/character-keys';
import { listingKeys } from '@client/entities/listing/listing-keys';
import { userKeys } from '@client/entities/user/user-keys';

/**
 * `POST /api/characters`; on success the player is welcomed, the new fighter joins the list and
 * user and character data are refetched. The toasts live here because the form goes away on success.
 */
export function useCreateCharacter() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (body: CreateCharacterBody, idempotencyKey) =>
      api.characters.create({ body }, { idempotencyKey }),
    onSuccess: async (created, body) => {
      toast({
        title: 'Character Created!',
        description: `Welcome to ${PRODUCT_NAME}, ${created?.name ?? body.name}!`,
        variant: 'success',
        duration: TOAST_DURATION_MS,
      });
      // The list replaces the form, whose button was far down on a phone: the new fighter shows at the top.
      window.scrollTo({ top: 0 });
      queryClient.setQueryData<CharacterView[]>(characterKeys.all, (old) =>
        old?.some((c) => c.id === created.id) ? old : [...(old ?? []), created],
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.me }),
        queryClient.invalidateQueries({ queryKey: characterKeys.all }),
      ]);
    },
    onError: async (err) => {
      toast({
        title: 'Failed to create character',
        description: errorMessage(err, 'Failed to create character'),
        variant: 'destructive',
      });
      // A 409 means a character exists after all: show it.
      await queryClient.invalidateQueries({ queryKey: characterKeys.all });
    },
  });
}

/** The two listing calls: the character list uses the first, the detail the second (SPEC §7). */
export type ListingPath = '/api/marketplace' | '/api/marketplace/sell';

const LISTING_CALLS = { '/api/marketplace': api.marketplace.list, '/api/marketplace/sell': api.marketplace.sell } satisfies Record<ListingPath, unknown>;

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
  return useAction({
    mutationFn: ({ characterId, price }: ListCharacterVars, idempotencyKey) =>
      LISTING_CALLS[path]({ body: { characterId, price } }, { idempotencyKey }),
    onSuccess: (listing, vars) => {
      toast({
        title: 'Character Listed',
        description: `${vars.name} listed for ${formatCredits(vars.price)} credits`,
        variant: 'success',
      });
      queryClient.setQueryData<CharacterView[]>(characterKeys.all, (old) =>
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
        queryClient.invalidateQueries({ queryKey: characterKeys.all }),
        queryClient.invalidateQueries({ queryKey: listingKeys.all }),
      ]);
    },
  });
}
