import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buyListingBody, marketQuery } from '@common/economy-requests';
import { sellBody } from '@common/requests';
import * as listings from '../services/listings';
import * as market from '../services/marketplace';
import { noteMarketVisit } from '../services/quests';
import type { HttpContext } from './context';
import { parse, parseId } from './errors';
import { action } from './idempotency';
import { userOf } from './session';

/** The character marketplace: listings, stats, selling, buying, withdrawing, views and likes. */
export function registerMarketplaceRoutes(app: FastifyInstance, { ctx, requireUser }: HttpContext): void {
  const guarded = { preHandler: requireUser };

  app.get('/api/marketplace', guarded, async (request) => {
    const query = parse(marketQuery, request.query);
    const userId = userOf(request).id;
    const [page] = await Promise.all([market.marketPage(ctx, userId, query), noteMarketVisit(ctx, userId)]);
    return page;
  });

  app.get('/api/marketplace/stats', guarded, async () => market.marketStats(ctx));

  // Both paths of SPEC §7 list a character for sale.
  const sell = async (request: FastifyRequest) => {
    const body = parse(sellBody, request.body);
    return listings.listForSale(action(ctx, request, 201), userOf(request).id, body);
  };
  for (const path of ['/api/marketplace', '/api/marketplace/sell']) {
    app.post(path, guarded, async (request, reply) => reply.status(201).send(await sell(request)));
  }

  app.post('/api/marketplace/buy', guarded, async (request) => {
    const { listingId } = parse(buyListingBody, request.body);
    return market.buyListing(action(ctx, request), userOf(request).id, listingId);
  });

  app.delete('/api/marketplace/:id', guarded, async (request) =>
    market.withdrawListing(action(ctx, request), userOf(request).id, parseId(request.params)),
  );

  app.post('/api/marketplace/:id/view', guarded, async (request) =>
    market.viewListing(ctx, userOf(request).id, parseId(request.params)),
  );

  app.post('/api/marketplace/:id/like', guarded, async (request) =>
    market.toggleLike(ctx, userOf(request).id, parseId(request.params)),
  );
}
