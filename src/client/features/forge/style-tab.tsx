import { RotateCcw } from 'lucide-react';
import type { ImageSetView } from '@common/economy-api';
import type { CharacterView } from '@common/game-api';
import { imageSetById } from '@common/image-sets';
import { avatarSpriteFile } from '@common/sprite-files';
import { errorMessage } from '@client/lib/api';
import { Button, Card, CardContent } from '@client/ui';
import { SpriteImage } from '@client/ui/character-sprite';
import { StyleCard } from './style-card';
import { useChangeImageSet } from './use-forge-actions';

export interface StyleTabProps {
  character: CharacterView;
  credits: number;
  imageSets: {
    data: ImageSetView[] | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
}

/** Tab 'Character Style': the looks (image sets) the current character can wear. */
export function StyleTab({ character, credits, imageSets }: StyleTabProps) {
  const change = useChangeImageSet(character.id);
  const current = imageSets.data?.find((s) => s.current);

  return (
    <div className="flex flex-col gap-6">
      <Card accent="magenta" data-testid="style-summary">
        <CardContent className="flex items-center gap-4 p-4 pt-4">
          <div className="grid size-16 shrink-0 place-items-center border-2 border-neon-magenta/70 bg-void">
            <SpriteImage file={avatarSpriteFile(character.characterAvatar, character.imageSet)} size={56} />
          </div>
          <div className="min-w-0">
            <p className="font-pixel text-pixel-xs leading-relaxed break-words text-ink">{character.name}</p>
            <p className="text-base text-ink-muted">
              Wearing <span className="text-neon-cyan">{current?.name ?? imageSetById(character.imageSet)?.name ?? character.imageSet}</span>. A paid look stays
              unlocked for good.
            </p>
          </div>
        </CardContent>
      </Card>

      {imageSets.isPending ? (
        <div aria-hidden className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="m-1 h-[25rem] border-2 border-edge bg-panel-2 motion-safe:animate-pulse" />
          ))}
        </div>
      ) : imageSets.isError ? (
        <Card accent="danger" data-testid="image-sets-error">
          <CardContent className="flex flex-col items-start gap-3 p-5">
            <p className="text-base break-words text-[#ff8a95]">Could not load image sets: {errorMessage(imageSets.error)}</p>
            <Button variant="secondary" size="sm" onClick={() => void imageSets.refetch()}>
              <RotateCcw aria-hidden />
              Retry
            </Button>
          </CardContent>
        </Card>
      ) : (
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="style-list">
          {(imageSets.data ?? []).map((set) => (
            <StyleCard
              key={set.id}
              set={set}
              fallbackPreview={avatarSpriteFile(character.characterAvatar, set.id)}
              credits={credits}
              busy={change.isPending}
              applying={change.isPending && change.variables === set.id}
              onSelect={(id) => change.mutate(id)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
