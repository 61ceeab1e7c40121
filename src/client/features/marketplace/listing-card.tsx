import type { ReactNode } from 'react';
import { Clock, Flame, Gauge, Skull, Trophy } from 'lucide-react';
import type { MarketListingView } from '@common/economy-api';
import { className as classLabel } from '@client/entities/character/character-info';
import { CLASS_ICONS } from '@client/entities/character/class-icons';
import { SpriteStage } from '@client/entities/character/sprite-stage';
import { cn } from '@client/lib/cn';
import { Badge, Card } from '@client/ui';
import { DealBadge } from './deal-badge';
import { CreditsHint, creditsHintId, ListingActions } from './listing-actions';
import { ListingDetailDialog } from './listing-detail-dialog';
import { LikeButton, PriceTag, SellerLine, ViewCount } from './listing-parts';
import { dealFor, listedAgo, type BuyState } from './market-rules';

export interface ListingCardProps {
  listing: MarketListingView;
  state: BuyState;
  credits: number;
  now: number;
}

function ListingIdentity({ listing, own, now, nameId }: { listing: MarketListingView; own: boolean; now: number; nameId: string }) {
  const { character } = listing;
  const ClassIcon = CLASS_ICONS[character.class];
  return (
    <div className="flex min-w-0 gap-3 p-3 sm:gap-4 sm:p-4">
      <SpriteStage
        avatar={character.characterAvatar}
        imageSet={character.imageSet}
        size={80}
        accent={own ? 'lime' : 'magenta'}
        alt={`${character.name}, ${classLabel(character.class)}`}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h3 id={nameId} className="truncate font-pixel text-pixel-sm leading-relaxed text-ink" data-testid="listing-name">
          {character.name}
        </h3>
        <div className="flex flex-wrap gap-1.5">
          <Badge variant="magenta" data-testid="listing-class">
            <ClassIcon aria-hidden />
            {classLabel(character.class)}
          </Badge>
          <Badge variant="cyan" data-testid="listing-level">
            Lv {character.level}
          </Badge>
          {character.isForged ? (
            <Badge variant="gold">
              <Flame aria-hidden />
              Forged
            </Badge>
          ) : null}
        </div>
        <SellerLine listing={listing} own={own} />
        <p className="flex items-center gap-1.5 text-base leading-none text-ink-dim">
          <Clock aria-hidden className="size-3.5" />
          Listed {listedAgo(listing.createdAt, now)}
        </p>
      </div>
    </div>
  );
}

function RecordCell({ label, icon, value, tone, testId, className }: { label: string; icon: ReactNode; value: number; tone: string; testId: string; className?: string }) {
  return (
    <div className={cn('flex flex-col items-center gap-1 px-1 py-2', className)}>
      <dt className="flex items-center gap-1 font-pixel text-pixel-2xs text-ink-muted uppercase">
        {icon}
        {label}
      </dt>
      <dd className={cn('text-xl leading-none tabular-nums', tone)} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Wins, losses and power side by side. */
function ListingRecord({ character }: { character: MarketListingView['character'] }) {
  return (
    <dl className="mx-3 grid grid-cols-3 border-2 border-edge bg-void/60 sm:mx-4">
      <RecordCell label="Wins" icon={<Trophy aria-hidden className="size-3 text-neon-lime" />} value={character.wins} tone="text-neon-lime" testId="listing-wins" />
      <RecordCell
        label="Losses"
        icon={<Skull aria-hidden className="size-3 text-danger" />}
        value={character.losses}
        tone="text-[#ff8a95]"
        testId="listing-losses"
        className="border-x-2 border-edge"
      />
      <RecordCell label="Power" icon={<Gauge aria-hidden className="size-3 text-neon-magenta" />} value={character.powerLevel} tone="text-ink" testId="listing-power" />
    </dl>
  );
}

/** A fighter for sale: look, class, level, record, power, seller, price, views, likes and deal. */
export function ListingCard({ listing, state, credits, now }: ListingCardProps) {
  const { character } = listing;
  const own = state === 'own';
  const nameId = `listing-name-${listing.id}`;
  return (
    <Card
      accent={own ? 'lime' : 'default'}
      role="article"
      aria-labelledby={nameId}
      data-testid="market-listing"
      data-listing-id={listing.id}
      data-own={own ? 'true' : 'false'}
      data-deal={dealFor(listing.price, character.value).kind}
      className="flex w-full min-w-0 flex-col shadow-hard"
    >
      <div className="flex items-center justify-between gap-2 border-b-2 border-edge bg-void/40 px-3 py-2">
        <DealBadge price={listing.price} value={character.value} />
        <div className="flex shrink-0 items-center gap-2">
          <ViewCount views={listing.views} />
          <LikeButton listing={listing} />
        </div>
      </div>

      <ListingIdentity listing={listing} own={own} now={now} nameId={nameId} />

      <ListingRecord character={character} />

      <div className="mt-auto flex flex-col gap-3 p-3 pt-4 sm:p-4">
        <div className="flex flex-wrap items-end justify-between gap-x-3 gap-y-1">
          <div className="flex min-w-0 flex-col gap-1">
            <span className="font-pixel text-pixel-2xs text-ink-dim uppercase">Price</span>
            <PriceTag price={listing.price} />
          </div>
          {state === 'too-expensive' ? <CreditsHint id={creditsHintId('card', listing.id)} className="pb-0.5" /> : null}
        </div>
        <div className="grid grid-cols-2 items-start gap-2">
          <ListingDetailDialog
            listing={listing}
            state={state}
            credits={credits}
            now={now}
            triggerClassName="w-[calc(100%-6px)]"
          />
          <ListingActions listing={listing} state={state} credits={credits} idPrefix="card" stretch />
        </div>
      </div>
    </Card>
  );
}
