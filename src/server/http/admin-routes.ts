import type { FastifyInstance } from 'fastify';
import { seedCatalogues } from '../services/catalogue';
import type { HttpContext } from './context';

export const SEED_MESSAGE = 'Equipment and skills database seeded successfully!';

/**
 * `POST /api/admin/seed-equipment`: the Seed Database button, visible to every player (SPEC §6).
 * It is an idempotent upsert of the catalogues, so any signed-in player may press it safely.
 */
export function registerAdminRoutes(app: FastifyInstance, { ctx, requireUser }: HttpContext): void {
  app.post('/api/admin/seed-equipment', { preHandler: requireUser }, async () => {
    await seedCatalogues(ctx.db);
    return { message: SEED_MESSAGE };
  });
}
