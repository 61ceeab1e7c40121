import { useState } from 'react';
import { Tag } from 'lucide-react';
import type { CharacterView } from '@common/game-api';
import { CharacterSummary } from '@client/entities/character/character-summary';
import { Button, ConfirmDialog } from '@client/ui';
import { PriceField } from './price-field';
import { suggestedPrice } from './sale-and-share';
import { useSellFlow } from './use-sell-flow';

/** The list's Sell action: a dialog asking the price, then `POST /api/marketplace`. */
export function SellDialog({ character }: { character: CharacterView }) {
  const [open, setOpen] = useState(false);
  const [price, setPrice] = useState('');
  const suggested = suggestedPrice(character.value);
  const sell = useSellFlow({
    path: '/api/marketplace',
    failure: { title: 'Failed to sell character', fallback: 'Failed to sell character' },
    onListed: () => setOpen(false),
  });

  const onOpenChange = (next: boolean) => {
    if (next) setPrice(String(suggested));
    setOpen(next);
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button variant="secondary" size="sm" disabled={character.listing != null} data-testid="character-sell">
          <Tag aria-hidden />
          Sell
        </Button>
      }
      title="Sell Character"
      titleClassName="text-gold"
      description="List your fighter on the marketplace for other players to buy."
      confirmLabel={sell.isPending ? 'Listing...' : 'List for Sale'}
      confirmIcon={<Tag aria-hidden />}
      confirmTestId="sell-confirm"
      onConfirm={() => sell.submit(character, price)}
      pending={sell.isPending}
      testId="sell-dialog"
      className="p-4 sm:p-6"
    >
      <div className="flex flex-col gap-5 pb-5">
        <CharacterSummary character={character} />
        <PriceField
          id={`sell-price-${character.id}`}
          value={price}
          onChange={setPrice}
          suggested={suggested}
          disabled={sell.isPending}
          testId="sell-price-input"
        />
      </div>
    </ConfirmDialog>
  );
}
