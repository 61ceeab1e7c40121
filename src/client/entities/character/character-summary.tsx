import { Coins, Trophy } from 'lucide-react';
import { formatCredits } from '@common/constants';
import type { CharacterView } from '@common/game-api';
import { cn } from '@client/lib/cn';
import { className as classLabel } from './character-info';
import { CLASS_COLORS } from './class-icons';
import { SpriteStage } from './sprite-stage';

/** A compact line about a fighter: sprite, name, level and class, record and value. */
export function CharacterSummary({ character, className }: { character: CharacterView; className?: string }) {
  return (
    <div
      className={cn('flex min-w-0 items-center gap-4 border-2 border-edge bg-void/60 p-3', className)}
      data-testid="character-summary"
    >
      <SpriteStage avatar={character.characterAvatar} imageSet={character.imageSet} size={56} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-pixel text-pixel-xs leading-relaxed text-ink">{character.name}</p>
        <p className="text-lg leading-tight">
          Level {character.level}{' '}
          <span className={CLASS_COLORS[character.class]}>{classLabel(character.class)}</span>
        </p>
        <p className="flex flex-wrap gap-x-4 text-base leading-tight text-ink-muted">
          <span className="inline-flex items-center gap-1">
            <Trophy aria-hidden className="size-3.5 text-neon-lime" />
            {character.wins}W / {character.losses}L
          </span>
          <span className="inline-flex items-center gap-1">
            <Coins aria-hidden className="size-3.5 text-gold" />
            {formatCredits(character.value)} credits
          </span>
        </p>
      </div>
    </div>
  );
}
