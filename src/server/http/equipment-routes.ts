import type { FastifyInstance } from 'fastify';
import { equipBody } from '@common/economy-requests';
import * as equipment from '../services/equipment';
import type { HttpContext } from './context';
import { parse, parseId } from './errors';
import { action } from './idempotency';
import { userOf } from './session';

/** Equipment of SPEC §7: the catalogue, the shop, buying, inventories and equipping. */
export function registerEquipmentRoutes(app: FastifyInstance, { ctx, requireUser }: HttpContext): void {
  const guarded = { preHandler: requireUser };

  app.get('/api/equipment', guarded, async () => equipment.listCatalogue(ctx));

  app.get('/api/equipment/marketplace', guarded, async () => equipment.itemsForSale(ctx));

  // No body: the buyer comes from the session, the character is their current one.
  app.post('/api/equipment/:id/buy', guarded, async (request) =>
    equipment.buyEquipment(action(ctx, request), userOf(request).id, parseId(request.params)),
  );

  app.get('/api/characters/:id/equipment', guarded, async (request) =>
    equipment.ownedEquipment(ctx, userOf(request).id, parseId(request.params)),
  );

  app.post('/api/characters/:id/equip', guarded, async (request) => {
    const id = parseId(request.params);
    const body = parse(equipBody, request.body);
    return equipment.equip(ctx, userOf(request).id, id, body);
  });
}
