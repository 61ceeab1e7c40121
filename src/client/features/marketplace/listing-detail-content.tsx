import { useRef } from 'react';
import { Backpack, Clock } from 'lucide-react';
import type { MarketListingView } from '@common/economy-api';
import { CharacterBadges } from '@client/entities/character/character-badges';
import { CharacterFacts, ExperienceBar } from '@client/entities/character/character-facts';
import { className as classLabel } from '@client/entities/character/character-info';
import { SpriteStage } from '@client/entities/character/sprite-stage';
import { StatGrid } from '@client/entities/character/stat-grid';
import { ReportBlock } from '@client/entities/user/report-block';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@client/ui';
import { DealBadge } from './deal-badge';
import { ListingActions } from './listing-actions';
import { LikeButton, PriceTag, SellerLine, ViewCount } from './listing-parts';
import { listedAgo, type BuyState } from './market-rules';

function DetailIdentity({ listing, own, now }: { listing: MarketListingView; own: boolean; now: number }) {
  const { character } = listing;
  // The listing's own price badge says it better than the character's 'For Sale' tag.
  const shown = { ...character, listing: null };
  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
      <SpriteStage
        avatar={character.characterAvatar}
        imageSet={character.imageSet}
        size={128}
        accent={own ? 'lime' : 'magenta'}
        animate
        alt={`${character.name}, ${classLabel(character.class)}`}
      />
      <div className="flex w-full min-w-0 flex-1 flex-col gap-3">
        <CharacterBadges character={shown} />
        <SellerLine listing={listing} own={own} />
        <div className="flex flex-wrap items-center gap-3">
          <DealBadge price={listing.price} value={character.value} />
          <ViewCount views={listing.views} />
          <LikeButton listing={listing} />
        </div>
        <p className="flex items-center gap-1.5 text-base leading-none text-ink-dim">
          <Clock aria-hidden className="size-3.5" />
          Listed {listedAgo(listing.createdAt, now)}
        </p>
      </div>
    </div>
  );
}

export interface ListingDetailContentProps {
  listing: MarketListingView;
  state: BuyState;
  credits: number;
  now: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the focus goes once the sheet is closed (the dialog has no Radix trigger to return to). */
  onCloseAutoFocus: (event: Event) => void;
}

/** The full sheet of a fighter for sale (listing-detail-dialog.tsx opens it). */
export function ListingDetailContent({ listing, state, credits, now, open, onOpenChange, onCloseAutoFocus }: ListingDetailContentProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  const { character } = listing;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        ref={contentRef}
        onCloseAutoFocus={onCloseAutoFocus}
        data-testid="listing-detail-dialog"
        data-listing-id={listing.id}
        className="p-4 sm:max-w-2xl sm:p-6"
        onOpenAutoFocus={(event) => {
          // Focus the sheet itself, not the deal label, whose tooltip would pop up at once.
          event.preventDefault();
          contentRef.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle className="truncate text-neon-cyan">{character.name}</DialogTitle>
          <DialogDescription>
            Level {character.level} {classLabel(character.class)} for sale
          </DialogDescription>
          {state === 'own' ? null : (
            // Its own size under the subtitle: a child of the header's column would stretch across it.
            <div className="self-start">
              <ReportBlock kind="listing" targetId={listing.id} username={listing.sellerName} label="Report this listing" text="Report" testId="listing-report" />
            </div>
          )}
        </DialogHeader>

        <div className="flex flex-col gap-5">
          <DetailIdentity listing={listing} own={state === 'own'} now={now} />

          <ExperienceBar character={character} />
          <CharacterFacts character={character} />
          <StatGrid stats={character.stats} />
          <p className="flex items-start gap-2 border-2 border-dashed border-edge px-3 py-2 text-lg leading-tight text-ink-muted">
            <Backpack aria-hidden className="mt-0.5 size-4 shrink-0 text-gold" />
            The buyer gets this fighter with all of its gear and learned skills.
          </p>

          <div className="flex flex-wrap items-end justify-between gap-3 border-t-2 border-edge pt-4">
            <div className="flex flex-col gap-1">
              <span className="font-pixel text-pixel-2xs text-ink-dim uppercase">Price</span>
              <PriceTag price={listing.price} size="lg" />
            </div>
            <ListingActions listing={listing} state={state} credits={credits} idPrefix="detail" />
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
