import { TrendingUp } from 'lucide-react';
import type { CharacterView } from '@common/game-api';
import { Badge, Card } from '@client/ui';
import { CharacterBadges } from '@client/entities/character/character-badges';
import { CharacterDetailDialog } from './character-detail-dialog';
import { CharacterFacts, ExperienceBar } from '@client/entities/character/character-facts';
import { className as classLabel } from '@client/entities/character/character-info';
import { SellDialog } from './sell-dialog';
import { ShareDialog } from './share-dialog';
import { SpriteStage } from '@client/entities/character/sprite-stage';
import { StatGrid } from '@client/entities/character/stat-grid';

/** One fighter of the list: look, progress, record, stats and the Details, Sell and Share actions. */
export function CharacterCard({ character }: { character: CharacterView }) {
  const listed = character.listing != null;
  return (
    <Card
      accent={listed ? 'gold' : 'cyan'}
      className="shadow-hard"
      data-testid="character-card"
      data-character-id={character.id}
      data-listed={listed ? 'true' : 'false'}
      aria-labelledby={`character-name-${character.id}`}
      role="article"
    >
      <div className="flex flex-col gap-5 p-4 sm:flex-row sm:p-5">
        <div className="flex flex-col items-center gap-2 self-center sm:self-start">
          <SpriteStage
            avatar={character.characterAvatar}
            imageSet={character.imageSet}
            size={128}
            accent={listed ? 'gold' : 'cyan'}
            alt={`${character.name}, ${classLabel(character.class)}`}
          />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          <div className="flex flex-col gap-2">
            <h2
              id={`character-name-${character.id}`}
              className="truncate font-pixel text-pixel-md leading-snug text-ink"
              data-testid="character-name"
            >
              {character.name}
            </h2>
            <CharacterBadges character={character} />
          </div>
          <ExperienceBar character={character} />
          <CharacterFacts character={character} />
          <StatGrid stats={character.stats} />
          {character.statPoints > 0 ? (
            <Badge variant="lime" className="self-start leading-normal whitespace-normal">
              <TrendingUp aria-hidden />
              {character.statPoints} stat point{character.statPoints === 1 ? '' : 's'} to spend in Details
            </Badge>
          ) : null}
        </div>
      </div>
      <div className="grid grid-cols-1 gap-2 border-t-2 border-edge bg-void/40 px-4 py-3 min-[15rem]:grid-cols-2 sm:flex sm:flex-wrap sm:items-center sm:justify-end sm:px-5">
        <CharacterDetailDialog character={character} />
        <SellDialog character={character} />
        <ShareDialog character={character} />
      </div>
    </Card>
  );
}
