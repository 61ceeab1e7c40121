import type { MarketFilters } from '@common/economy-requests';
import type { MarketSort } from '@common/market-limits';

/** Query keys of the marketplace's character listings (a key is also the URL it reads). */
export const listingKeys = {
  /** `GET /api/marketplace`: every page of active listings, whatever the order and filters. */
  all: ['/api/marketplace'] as const,
  /** `GET /api/marketplace?sort=&class=&minLevel=&maxLevel=&maxPrice=`: the pages of one order and filters. */
  pages: (sort: MarketSort, filters: MarketFilters) => ['/api/marketplace', { sort, ...filters }] as const,
  /** `GET /api/marketplace/stats`: listings, volume and buyers. */
  stats: ['/api/marketplace/stats'] as const,
};
