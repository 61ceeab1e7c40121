import { Link } from 'wouter';
import { Crown, RefreshCw, Swords, UserPlus } from 'lucide-react';
import type { CharacterView } from '@common/game-api';
import { errorMessage } from '@client/lib/api';
import { Button, Card, CardContent, CardHeader, CardTitle, Progress } from '@client/ui';
import { SpriteStage } from '@client/entities/character/sprite-stage';
import { StatGrid } from '@client/entities/character/stat-grid';

/** Fixed body height, so the card does not jump between loading, empty and filled. */
const BODY = 'min-h-[17rem]';

function Filled({ character }: { character: CharacterView }) {
  return (
    <div className={`flex flex-col items-center gap-5 sm:flex-row sm:items-start ${BODY}`} data-testid="best-character">
      <SpriteStage
        avatar={character.characterAvatar}
        imageSet={character.imageSet}
        size={128}
        accent="gold"
        alt={character.name}
        animate
      />
      <div className="flex w-full min-w-0 flex-1 flex-col gap-3 text-center sm:text-left">
        <p className="truncate font-pixel text-pixel-md leading-snug text-ink" data-testid="best-character-name">
          {character.name}
        </p>
        <p className="text-xl leading-none text-neon-cyan" data-testid="best-character-level">
          Level {character.level} <span className="capitalize">{character.class}</span>
        </p>
        <p className="text-lg leading-none text-ink-muted" data-testid="best-character-record">
          Wins {character.wins} / Losses {character.losses}
        </p>
        <div className="flex flex-col gap-1.5">
          <div className="flex items-baseline justify-between gap-3 text-base leading-none text-ink-muted">
            <span className="font-pixel text-pixel-2xs uppercase">Experience</span>
            <span className="text-neon-lime tabular-nums">
              {character.experience} / {character.experienceToNext}
            </span>
          </div>
          <Progress
            value={character.experience}
            max={character.experienceToNext}
            color="lime"
            aria-label={`Experience ${character.experience} of ${character.experienceToNext}`}
            className="h-3"
          />
        </div>
        <StatGrid stats={character.stats} wide={false} className="text-left" />
        <Button asChild className="self-center sm:self-start">
          <Link href="/battle" data-testid="best-character-battle">
            <Swords aria-hidden />
            Battle Now
          </Link>
        </Button>
      </div>
    </div>
  );
}

function Empty() {
  return (
    <div className={`flex flex-col items-center justify-center gap-4 text-center ${BODY}`} data-testid="no-characters">
      <div aria-hidden className="grid size-16 place-items-center border-2 border-dashed border-edge-bright text-ink-dim">
        <UserPlus className="size-8" />
      </div>
      <p className="font-pixel text-pixel-xs text-ink-muted">No characters yet</p>
      <Button asChild variant="secondary">
        <Link href="/characters">
          <UserPlus aria-hidden />
          Create Character
        </Link>
      </Button>
    </div>
  );
}

const PULSE = 'animate-pulse bg-panel-3 motion-reduce:animate-none';

/** Mirrors the filled card's shape, so nothing moves when the character arrives. */
function Loading() {
  return (
    <div className={`flex flex-col items-center gap-5 sm:flex-row sm:items-start ${BODY}`} aria-busy="true" aria-label="Loading your best character">
      <div className="size-40 shrink-0 animate-pulse border-2 border-edge bg-panel-2 motion-reduce:animate-none" />
      <div className="flex w-full flex-1 flex-col items-center gap-3 sm:items-start">
        <div className={`h-6 w-2/3 ${PULSE}`} />
        <div className={`h-7 w-1/2 ${PULSE}`} />
        <div className={`h-6 w-1/3 ${PULSE}`} />
        <div className={`h-8 w-full ${PULSE}`} />
        <div className="grid w-full grid-cols-2 gap-2">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className={`h-9 ${PULSE}`} />
          ))}
        </div>
        <div className={`mt-1 h-12 w-40 ${PULSE}`} />
      </div>
    </div>
  );
}

function Failed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className={`flex flex-col items-center justify-center gap-4 text-center ${BODY}`} role="alert">
      <p className="text-lg text-[#ff8a95]">{errorMessage(error, 'Failed to load your characters')}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        <RefreshCw aria-hidden />
        Retry
      </Button>
    </div>
  );
}

export interface BestCharacterCardProps {
  character: CharacterView | null;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}

/** 'Your Best Character': the highest-level fighter, or a way to create one. */
export function BestCharacterCard({ character, loading, error, onRetry }: BestCharacterCardProps) {
  let body;
  if (loading) body = <Loading />;
  else if (error) body = <Failed error={error} onRetry={onRetry} />;
  else if (character) body = <Filled character={character} />;
  else body = <Empty />;
  return (
    <Card accent="gold" className="shadow-hard">
      <CardHeader className="flex-row items-center gap-3">
        <Crown aria-hidden className="size-5 shrink-0 text-gold" />
        <CardTitle className="text-gold">Your Best Character</CardTitle>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
