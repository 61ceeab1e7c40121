import { z } from 'zod';
import { defineRoute, messageAnswer } from './contract';

/** The Seed Database button (SPEC §6): any signed-in player may press it, it only upserts. */
export const adminRoutes = {
  seedEquipment: defineRoute({
    method: 'POST',
    path: '/api/admin/seed-equipment',
    summary: 'Stocks the equipment and skill catalogues (an idempotent upsert)',
    tag: 'Admin',
    auth: 'player',
    response: messageAnswer,
  }),
};

/** An image file as it is sent: its bytes, with its own content type (not JSON). */
export const imageFile = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array)
  .meta({ type: 'string', format: 'binary', description: 'The image itself (image/svg+xml or image/png), cached for a year' });

/** The game's images: sprites, avatars and emblems, by file name. */
export const assetRoutes = {
  file: defineRoute({
    method: 'GET',
    path: '/api/assets/:file',
    summary: "One of the game's images by file name (404 for any other name)",
    tag: 'Assets',
    auth: 'public',
    params: z.object({ file: z.string() }),
    response: imageFile,
  }),
};
