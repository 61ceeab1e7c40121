import type { FastifyInstance } from 'fastify';
import { equipmentRoutes } from '@common/api/economy';
import * as equipment from '../services/equipment';
import type { HttpContext } from './context';
import { serve } from './contract';
import { action } from './idempotency';
import { userOf } from './session';

/** Equipment of SPEC §7: the catalogue, the shop, buying, inventories and equipping. */
export function registerEquipmentRoutes(app: FastifyInstance, http: HttpContext): void {

  serve(app, http, equipmentRoutes.catalogue, async (_, request) => equipment.listCatalogue(request.ctx));

  serve(app, http, equipmentRoutes.shop, async (_, request) => equipment.itemsForSale(request.ctx));

  // No body: the buyer comes from the session, the character is their current one.
  serve(app, http, equipmentRoutes.buy, async ({ params }, request) => equipment.buyEquipment(action(request.ctx, request), userOf(request).id, params.id));

  serve(app, http, equipmentRoutes.owned, async ({ params }, request) => equipment.ownedEquipment(request.ctx, userOf(request).id, params.id));

  serve(app, http, equipmentRoutes.equip, async ({ params, body }, request) => equipment.equip(request.ctx, userOf(request).id, params.id, body));
}
