import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buyListingBody } from '@common/economy-requests';
import { sellBody } from '@common/requests';
import * as listings from '../services/listings';
import * as market from '../services/marketplace';
import type { HttpContext } from './context';
import { parse, parseId } from './errors';
import { userOf } from './session';

/** The character marketplace: listings, stats, selling, buying, withdrawing, views and likes. */
export function registerMarketplaceRoutes(app: FastifyInstance, { db, requireUser }: HttpContext): void {
  const guarded = { preHandler: requireUser };

  app.get('/api/marketplace', guarded, async (request) => market.activeListings(db, userOf(request).id));

  app.get('/api/marketplace/stats', guarded, async () => market.marketStats(db));

  // Both paths of SPEC §7 list a character for sale.
  const sell = async (request: FastifyRequest) => listings.listForSale(db, userOf(request).id, parse(sellBody, request.body));
  for (const path of ['/api/marketplace', '/api/marketplace/sell']) {
    app.post(path, guarded, async (request, reply) => reply.status(201).send(await sell(request)));
  }

  app.post('/api/marketplace/buy', guarded, async (request) => {
    const { listingId } = parse(buyListingBody, request.body);
    return market.buyListing(db, userOf(request).id, listingId);
  });

  app.delete('/api/marketplace/:id', guarded, async (request) =>
    market.withdrawListing(db, userOf(request).id, parseId(request.params)),
  );

  app.post('/api/marketplace/:id/view', guarded, async (request) =>
    market.viewListing(db, userOf(request).id, parseId(request.params)),
  );

  app.post('/api/marketplace/:id/like', guarded, async (request) =>
    market.toggleLike(db, userOf(request).id, parseId(request.params)),
  );
}
