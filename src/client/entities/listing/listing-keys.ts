/** Query keys of the marketplace's character listings (a key is also the URL it reads). */
export const listingKeys = {
  /** `GET /api/marketplace`: the active listings. */
  all: ['/api/marketplace'] as const,
  /** `GET /api/marketplace/stats`: listings, volume and buyers. */
  stats: ['/api/marketplace/stats'] as const,
};
