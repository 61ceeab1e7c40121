import { useState } from 'react';
import { Link } from 'wouter';
import { Eye, Palette, Share2, Store, Tag } from 'lucide-react';
import { formatCredits } from '@common/constants';
import type { CharacterView } from '@common/game-api';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@client/ui';
import { BattleHistory } from '@client/entities/battle/battle-history';
import { CharacterBadges } from '@client/entities/character/character-badges';
import { CharacterFacts, ExperienceBar } from '@client/entities/character/character-facts';
import { className as classLabel } from '@client/entities/character/character-info';
import { suggestedPrice } from './sale-and-share';
import { PriceField } from './price-field';
import { SpriteStage } from '@client/entities/character/sprite-stage';
import { StatAllocator } from '@client/entities/character/stat-allocator';
import { StatGrid } from '@client/entities/character/stat-grid';
import { useSellFlow } from './use-sell-flow';

function SectionTitle({ children }: { children: string }) {
  return <h3 className="font-pixel text-pixel-2xs text-ink-muted uppercase">{children}</h3>;
}

function OverviewTab({ character }: { character: CharacterView }) {
  return (
    <div className="flex flex-col gap-5">
      {/* Name, class and level: the class column is wide enough for 'Assassin' and 'Berserker' whole. */}
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-[minmax(0,2fr)_minmax(max-content,1.2fr)_minmax(0,0.8fr)]">
        <div className="col-span-2 min-w-0 border-2 sm:col-span-1 border-edge bg-void/60 px-2.5 py-2">
          <dt className="font-pixel text-pixel-2xs text-ink-muted uppercase">Name</dt>
          <dd className="mt-1 truncate text-xl leading-none" data-testid="detail-name" title={character.name}>
            {character.name}
          </dd>
        </div>
        <div className="min-w-0 border-2 border-edge bg-void/60 px-2.5 py-2">
          <dt className="font-pixel text-pixel-2xs text-ink-muted uppercase">Class</dt>
          <dd className="mt-1 text-xl leading-none whitespace-nowrap" data-testid="detail-class">
            {classLabel(character.class)}
          </dd>
        </div>
        <div className="min-w-0 border-2 border-edge bg-void/60 px-2.5 py-2">
          <dt className="font-pixel text-pixel-2xs text-ink-muted uppercase">Level</dt>
          <dd className="mt-1 text-xl leading-none text-neon-cyan" data-testid="detail-level">
            {character.level}
          </dd>
        </div>
      </dl>
      <ExperienceBar character={character} />
      <CharacterFacts character={character} />
      <div className="flex flex-col gap-2">
        <SectionTitle>Stats</SectionTitle>
        <StatGrid stats={character.stats} wide={false} />
      </div>
      {character.statPoints > 0 ? <StatAllocator character={character} /> : null}
      <BattleHistory characterId={character.id} />
    </div>
  );
}

function CustomizeTab() {
  return (
    <div
      className="flex flex-col items-center gap-3 border-2 border-dashed border-edge-bright bg-void/50 px-4 py-10 text-center"
      data-testid="customize-coming-soon"
    >
      <Palette aria-hidden className="size-8 text-neon-magenta" />
      <p className="font-pixel text-pixel-xs text-ink">Coming Soon</p>
      <p className="max-w-xs text-lg leading-tight text-ink-muted">Character customization is coming soon.</p>
    </div>
  );
}

function ListOnMarketplace({ character }: { character: CharacterView }) {
  const suggested = suggestedPrice(character.value);
  const [price, setPrice] = useState(String(suggested));
  const sell = useSellFlow({
    path: '/api/marketplace/sell',
    failure: { title: 'Listing Failed', fallback: 'Failed to list character' },
  });
  const fieldId = `detail-price-${character.id}`;

  return (
    <section className="border-2 border-gold/70 bg-gold/5 p-3 sm:p-4" aria-labelledby={`${fieldId}-title`}>
      <h3 id={`${fieldId}-title`} className="flex items-center gap-2 font-pixel text-pixel-xs text-gold">
        <Store aria-hidden className="size-4" />
        List on Marketplace
      </h3>
      {character.listing ? (
        <div className="mt-3 flex flex-col gap-3" data-testid="detail-listed">
          <p className="text-lg leading-tight">
            {character.name} is for sale for{' '}
            <span className="text-gold">{formatCredits(character.listing.price)} credits</span>. A listed fighter
            cannot be listed again.
          </p>
          <Button asChild variant="secondary" size="sm" className="self-start">
            <Link href="/marketplace">
              <Eye aria-hidden />
              View Marketplace
            </Link>
          </Button>
        </div>
      ) : (
        <form
          noValidate
          className="mt-3 flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            sell.submit(character, price);
          }}
        >
          <p className="text-base leading-tight text-ink-muted">
            Current value: <span className="text-gold">{formatCredits(character.value)} credits</span>
          </p>
          <PriceField
            id={fieldId}
            value={price}
            onChange={setPrice}
            suggested={suggested}
            disabled={sell.isPending}
            testId="detail-price-input"
          />
          <Button type="submit" className="self-start" disabled={sell.isPending} data-testid="detail-list-submit">
            <Tag aria-hidden />
            {sell.isPending ? 'Listing...' : 'List for Sale'}
          </Button>
        </form>
      )}
    </section>
  );
}

function ActionsTab({ character }: { character: CharacterView }) {
  return (
    <div className="flex flex-col gap-4">
      <ListOnMarketplace character={character} />
      <section className="border-2 border-neon-cyan/60 bg-neon-cyan/5 p-3 sm:p-4" data-testid="detail-share-card">
        <h3 className="flex items-center gap-2 font-pixel text-pixel-xs text-neon-cyan">
          <Share2 aria-hidden className="size-4" />
          Share Character
        </h3>
        <p className="mt-2 text-base leading-tight text-ink-muted">Show off {character.name} to your friends.</p>
        <Button variant="secondary" size="sm" className="mt-3" disabled>
          Share Coming Soon
        </Button>
      </section>
    </div>
  );
}

/** The Details dialog of one fighter (character-detail-dialog.tsx): overview, customize and actions. Its code loads with the first press of Details. */
export function CharacterDetailContent({
  character,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  character: CharacterView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Puts the focus back on Details (the dialog has no Radix trigger to return to). */
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        data-testid="character-detail"
        className="h-[min(46rem,calc(100dvh-2rem))] max-w-2xl p-4 sm:p-6"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <div className="mb-4 flex items-center gap-4 pr-8">
          <SpriteStage avatar={character.characterAvatar} imageSet={character.imageSet} size={72} accent="magenta" />
          <div className="flex min-w-0 flex-col gap-2">
            <DialogTitle className="truncate text-neon-cyan">{character.name}</DialogTitle>
            <DialogDescription className="sr-only">
              Level {character.level} {classLabel(character.class)}: overview, customize and actions
            </DialogDescription>
            <CharacterBadges character={character} />
          </div>
        </div>
        <Tabs defaultValue="overview">
          <TabsList aria-label="Character detail">
            <TabsTrigger value="overview" className="px-1! text-pixel-2xs! sm:px-3! sm:text-pixel-xs!">
              Overview
            </TabsTrigger>
            <TabsTrigger value="customize" className="px-1! text-pixel-2xs! sm:px-3! sm:text-pixel-xs!">
              Customize
            </TabsTrigger>
            <TabsTrigger value="actions" className="px-1! text-pixel-2xs! sm:px-3! sm:text-pixel-xs!">
              Actions
            </TabsTrigger>
          </TabsList>
          <TabsContent value="overview">
            <OverviewTab character={character} />
          </TabsContent>
          <TabsContent value="customize">
            <CustomizeTab />
          </TabsContent>
          <TabsContent value="actions">
            <ActionsTab character={character} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
