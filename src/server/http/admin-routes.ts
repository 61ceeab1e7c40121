import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '@common/api/site';
import { seedCatalogues } from '../services/catalogue';
import type { HttpContext } from './context';
import { serve } from './contract';

export const SEED_MESSAGE = 'Equipment and skills database seeded successfully!';

/**
 * `POST /api/admin/seed-equipment`: the Seed Database button, visible to every player (SPEC §6).
 * It is an idempotent upsert of the catalogues, so any signed-in player may press it safely.
 */
export function registerAdminRoutes(app: FastifyInstance, http: HttpContext): void {
  serve(app, http, adminRoutes.seedEquipment, async () => {
    await seedCatalogues(http.ctx.db);
    return { message: SEED_MESSAGE };
  });
}
