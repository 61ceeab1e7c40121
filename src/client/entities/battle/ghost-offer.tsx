import { lazy, Suspense } from 'react';
import type { GhostOfferCardProps } from './ghost-offer-card';

const GhostOfferCard = lazy(async () => ({ default: (await import('./ghost-offer-card')).GhostOfferCard }));

/** The ghost offer of both PvP pages: it shows after 20 s alone in a queue, so its code loads then, not with the page. */
export function GhostOffer(props: GhostOfferCardProps) {
  return (
    <Suspense fallback={null}>
      <GhostOfferCard {...props} />
    </Suspense>
  );
}
