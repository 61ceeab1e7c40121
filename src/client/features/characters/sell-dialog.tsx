import { useState } from 'react';
import { Tag } from 'lucide-react';
import type { CharacterView } from '@common/game-api';
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@client/ui';
import { suggestedPrice } from './character-rules';
import { CharacterSummary } from './character-summary';
import { PriceField } from './price-field';
import { useSellFlow } from './use-sell-flow';

/** The list's Sell action: a dialog asking the price, then `POST /api/marketplace`. */
export function SellDialog({ character }: { character: CharacterView }) {
  const [open, setOpen] = useState(false);
  const [price, setPrice] = useState('');
  const suggested = suggestedPrice(character.value);
  const listed = character.listing != null;
  const sell = useSellFlow({
    path: '/api/marketplace',
    failure: { title: 'Failed to sell character', fallback: 'Failed to sell character' },
    onListed: () => setOpen(false),
  });

  const onOpenChange = (next: boolean) => {
    if (next) setPrice(String(suggested));
    setOpen(next);
  };

  const fieldId = `sell-price-${character.id}`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" disabled={listed} data-testid="character-sell">
          <Tag aria-hidden />
          Sell
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="sell-dialog" className="p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle className="text-gold">Sell Character</DialogTitle>
          <DialogDescription>List your fighter on the marketplace for other players to buy.</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            sell.submit(character, price);
          }}
          className="flex flex-col gap-5"
        >
          <CharacterSummary character={character} />
          <PriceField
            id={fieldId}
            value={price}
            onChange={setPrice}
            suggested={suggested}
            disabled={sell.isPending}
            testId="sell-price-input"
          />
          <DialogFooter className="mt-1">
            <DialogClose asChild>
              <Button variant="ghost" disabled={sell.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={sell.isPending} data-testid="sell-confirm">
              <Tag aria-hidden />
              {sell.isPending ? 'Listing...' : 'List for Sale'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
