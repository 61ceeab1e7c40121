import { lazy, Suspense, useState } from 'react';
import { Eye } from 'lucide-react';
import type { CharacterView } from '@common/game-api';
import { Button } from '@client/ui/button';
import { warmLoad } from '@client/lib/warm-load';
import { useDialogOnDemand } from '@client/ui/dialog-on-demand';

const loadContent = () => import('./character-detail-content');
const CharacterDetailContent = lazy(async () => ({ default: (await loadContent()).CharacterDetailContent }));
const warmContent = warmLoad(loadContent);

/** The Details action: overview, customize and actions of one fighter in a dialog, whose code loads with the first press. */
export function CharacterDetailDialog({ character }: { character: CharacterView }) {
  const [open, setOpen] = useState(false);
  const onDemand = useDialogOnDemand({ open, onOpenChange: setOpen, warm: warmContent });
  return (
    <>
      <Button {...onDemand.trigger} size="sm" className="min-[15rem]:col-span-2 sm:col-span-1" data-testid="character-details">
        <Eye aria-hidden />
        Details
      </Button>
      {onDemand.wanted ? (
        <Suspense fallback={null}>
          <CharacterDetailContent character={character} open={open} onOpenChange={setOpen} onCloseAutoFocus={onDemand.onCloseAutoFocus} />
        </Suspense>
      ) : null}
    </>
  );
}
