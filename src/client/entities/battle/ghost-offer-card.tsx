import { useEffect, useRef } from 'react';
import { Ghost, Swords } from 'lucide-react';
import { useReducedMotion } from '@client/lib/motion';
import { CLASSES } from '@common/classes';
import type { GhostOfferView } from '@common/pvp';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle } from '@client/ui';

/** 'Ghost of {name}': the copy of a real fighter the server offers to a player waiting alone for 20 s. */
export const ghostName = (name: string) => `Ghost of ${name}`;

export interface GhostOfferCardProps {
  offer: GhostOfferView;
  onAccept: () => void;
  pending: boolean;
  disabled?: boolean;
}

/** The ghost offered to a lonely player: fight it now (half rewards, no rating change) or keep waiting. */
export function GhostOfferCard({ offer, onAccept, pending, disabled }: GhostOfferCardProps) {
  // It comes after 20 s below the search (off the screen of a phone): brought into view once.
  const card = useRef<HTMLDivElement>(null);
  const reduced = useReducedMotion();
  useEffect(() => {
    card.current?.scrollIntoView({ block: 'nearest', behavior: reduced ? 'auto' : 'smooth' });
    // Only when it appears, not when the motion setting changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Card ref={card} accent="magenta" data-testid="ghost-offer">
      <CardHeader className="flex-row items-center gap-2 pb-2">
        <Ghost aria-hidden className="size-5 text-neon-magenta" />
        <CardTitle>Nobody else is here yet</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <span data-testid="ghost-name" className="font-pixel text-pixel-xs leading-relaxed text-ink">
            {ghostName(offer.name)}
          </span>
          <Badge variant="gold">Lv {offer.level}</Badge>
          <Badge variant="magenta">{CLASSES[offer.class]?.name ?? offer.class}</Badge>
          <Badge variant="outline" className="normal-case">
            Rating {Math.round(offer.rating)}
          </Badge>
        </div>
        <p className="text-base text-ink-muted">
          An AI-driven copy of a real fighter. A ghost battle pays half the rewards and moves no rating. Keep searching, or fight it now.
        </p>
        <div>
          <Button data-testid="ghost-accept" onClick={onAccept} disabled={pending || disabled}>
            <Swords aria-hidden />
            {pending ? 'Summoning...' : 'Fight the Ghost'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
