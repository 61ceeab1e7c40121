import { useState } from 'react';
import { Coins, Shirt, ShoppingCart } from 'lucide-react';
import { formatCredits } from '@common/constants';
import type { EquipmentItemView } from '@common/economy-api';
import { cn } from '@client/lib/cn';
import { Button, ConfirmDialog } from '@client/ui';
import { ItemCard, ItemTag } from './item-card';
import { priceLabel, purchaseState } from './equipment-rules';
import { duplicateWarning, ownedTags, type OwnedMark } from './shop-marks';

export interface ShopItemProps {
  item: EquipmentItemView;
  credits: number | null;
  characterLevel: number;
  /** What the current character already has of this piece. */
  mark: OwnedMark;
  buying: boolean;
  locked: boolean;
  onBuy: () => void;
}

/** One piece for sale: Equipped and Owned marks, the price, and Buy (asked again for a piece already held). */
export function ShopItem({ item, credits, characterLevel, mark, buying, locked, onBuy }: ShopItemProps) {
  const [confirming, setConfirming] = useState(false);
  const state = purchaseState(item, { credits, characterLevel });
  const reasonId = `buy-reason-${item.id}`;
  const affordable = (credits ?? 0) >= item.price;
  const tags = ownedTags(mark);
  const warning = duplicateWarning(item.name, mark);

  const buyButton = (
    <Button
      size="sm"
      disabled={!state.canBuy || locked}
      aria-describedby={state.reasons.length > 0 ? reasonId : undefined}
      aria-label={`Buy ${item.name}`}
      className="ml-auto"
      onClick={warning ? undefined : onBuy}
      data-testid={`buy-button-${item.id}`}
    >
      <ShoppingCart aria-hidden />
      {buying ? 'Buying...' : 'Buy'}
    </Button>
  );

  return (
    <ItemCard
      item={item}
      className="flex-1"
      data-testid={`market-item-${item.id}`}
      data-owned={mark.owned}
      data-equipped={mark.equipped}
      tags={
        <>
          {tags.equipped ? (
            <ItemTag className="border-neon-cyan/80 bg-neon-cyan/10 text-neon-cyan" data-testid={`market-equipped-${item.id}`}>
              <Shirt aria-hidden />
              Equipped
            </ItemTag>
          ) : null}
          {tags.owned ? (
            <ItemTag className="border-neon-lime/70 text-neon-lime" data-testid={`market-owned-${item.id}`}>
              {tags.owned}
            </ItemTag>
          ) : null}
        </>
      }
      footer={
        <>
          <div className="flex min-w-[9rem] flex-1 flex-col gap-0.5">
            <span
              className={cn('flex items-center gap-1.5 font-pixel text-pixel-xs', affordable ? 'text-gold' : 'text-[#ff8a95]')}
              data-testid={`market-price-${item.id}`}
            >
              <Coins aria-hidden className="size-4 shrink-0" />
              {priceLabel(item.price)}
            </span>
            {state.reasons.length > 0 ? (
              <span id={reasonId} className="flex flex-col text-base leading-tight text-[#ff8a95]" data-testid={`buy-reason-${item.id}`}>
                {state.reasons.map((r) => (
                  <span key={r}>{r}</span>
                ))}
              </span>
            ) : null}
          </div>
          {warning ? (
            <ConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              trigger={buyButton}
              title={`Buy another ${item.name}?`}
              titleClassName="text-gold"
              description={warning}
              confirmLabel={buying ? 'Buying...' : `Buy for ${formatCredits(item.price)}`}
              confirmIcon={<ShoppingCart aria-hidden />}
              confirmTestId="buy-duplicate-confirm"
              cancelTestId="buy-duplicate-cancel"
              confirmDisabled={!state.canBuy}
              onConfirm={() => {
                onBuy();
                setConfirming(false);
              }}
              testId="buy-duplicate-dialog"
            />
          ) : (
            buyButton
          )}
        </>
      }
    />
  );
}
