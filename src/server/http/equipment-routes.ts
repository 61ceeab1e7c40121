import type { FastifyInstance } from 'fastify';
import { equipBody } from '@common/economy-requests';
import * as equipment from '../services/equipment';
import type { HttpContext } from './context';
import { parse, parseId } from './errors';
import { userOf } from './session';

/** Equipment of SPEC §7: the catalogue, the shop, buying, inventories and equipping. */
export function registerEquipmentRoutes(app: FastifyInstance, { db, requireUser }: HttpContext): void {
  const guarded = { preHandler: requireUser };

  app.get('/api/equipment', guarded, async () => equipment.listCatalogue(db));

  app.get('/api/equipment/marketplace', guarded, async () => equipment.itemsForSale(db));

  // No body: the buyer comes from the session, the character is their current one.
  app.post('/api/equipment/:id/buy', guarded, async (request) =>
    equipment.buyEquipment(db, userOf(request).id, parseId(request.params)),
  );

  app.get('/api/characters/:id/equipment', guarded, async (request) =>
    equipment.ownedEquipment(db, userOf(request).id, parseId(request.params)),
  );

  app.post('/api/characters/:id/equip', guarded, async (request) => {
    const id = parseId(request.params);
    const body = parse(equipBody, request.body);
    return equipment.equip(db, userOf(request).id, id, body);
  });
}
