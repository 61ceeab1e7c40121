import { Flame, Tag } from 'lucide-react';
import { formatCredits } from '@common/constants';
import type { CharacterView } from '@common/game-api';
import { Badge } from '@client/ui';
import { className as classLabel } from './character-info';
import { CLASS_ICONS } from './class-icons';

/** Class, level, forged and For Sale tags of a fighter. */
export function CharacterBadges({ character }: { character: CharacterView }) {
  const Icon = CLASS_ICONS[character.class];
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Badge variant="magenta" data-testid="character-class">
        <Icon aria-hidden />
        {classLabel(character.class)}
      </Badge>
      <Badge variant="cyan" data-testid="character-level">
        Level {character.level}
      </Badge>
      {character.isForged ? (
        <Badge variant="gold">
          <Flame aria-hidden />
          Forged
        </Badge>
      ) : null}
      {character.listing ? (
        <Badge variant="gold" data-testid="for-sale-badge">
          <Tag aria-hidden />
          For Sale: {formatCredits(character.listing.price)} credits
        </Badge>
      ) : null}
    </div>
  );
}
