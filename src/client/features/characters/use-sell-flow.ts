import type { CharacterView } from '@common/game-api';
import { toast } from '@client/ui/toast-store';
import { parsePrice } from './sale-and-share';
import { useListCharacter, type ListingFailureText, type ListingPath } from './use-characters';

export interface SellFlowOptions {
  path: ListingPath;
  failure: ListingFailureText;
  onListed?: () => void;
}

/** Checks a typed price (SPEC §5 Sell listing), then lists the character. */
export function useSellFlow({ path, failure, onListed }: SellFlowOptions) {
  const mutation = useListCharacter(path, failure);

  const submit = (character: CharacterView | null | undefined, rawPrice: string) => {
    if (mutation.isPending) return;
    if (!character) {
      toast({ title: 'No Character', description: 'You need a character to sell', variant: 'destructive' });
      return;
    }
    const price = parsePrice(rawPrice);
    if (price === null) {
      toast({ title: 'Invalid Price', description: 'Please enter a valid price', variant: 'destructive' });
      return;
    }
    mutation.mutate({ characterId: character.id, price, name: character.name }, { onSuccess: () => onListed?.() });
  };

  return { submit, isPending: mutation.isPending };
}
