import type { FastifyInstance } from 'fastify';
import { marketplaceRoutes } from '@common/api/economy';
import * as listings from '../services/listings';
import * as market from '../services/marketplace';
import { noteMarketVisit } from '../services/quests';
import type { HttpContext } from './context';
import { serve } from './contract';
import { action } from './idempotency';
import { userOf } from './session';

/** The character marketplace: listings, stats, selling, buying, withdrawing, views and likes. */
export function registerMarketplaceRoutes(app: FastifyInstance, http: HttpContext): void {

  serve(app, http, marketplaceRoutes.page, async ({ query }, request) => {
    const userId = userOf(request).id;
    const [page] = await Promise.all([market.marketPage(request.ctx, userId, query), noteMarketVisit(request.ctx, userId)]);
    return page;
  });

  serve(app, http, marketplaceRoutes.stats, async (_, request) => market.marketStats(request.ctx));

  // Both paths of SPEC §7 list a character for sale (201).
  for (const contract of [marketplaceRoutes.list, marketplaceRoutes.sell]) {
    serve(app, http, contract, async ({ body }, request) => listings.listForSale(action(request.ctx, request, 201), userOf(request).id, body));
  }

  serve(app, http, marketplaceRoutes.buy, async ({ body }, request) => market.buyListing(action(request.ctx, request), userOf(request).id, body.listingId));

  serve(app, http, marketplaceRoutes.withdraw, async ({ params }, request) => market.withdrawListing(action(request.ctx, request), userOf(request).id, params.id));

  serve(app, http, marketplaceRoutes.view, async ({ params }, request) => market.viewListing(request.ctx, userOf(request).id, params.id));

  serve(app, http, marketplaceRoutes.like, async ({ params }, request) => market.toggleLike(request.ctx, userOf(request).id, params.id));
}
