import type { FastifyInstance } from 'fastify';
import { sellBody } from '@common/requests';
import * as listings from '../services/listings';
import type { HttpContext } from './context';
import { parse } from './errors';
import { userOf } from './session';

/** Listing a character for sale: both paths of SPEC §7 do the same. */
export function registerMarketplaceRoutes(app: FastifyInstance, { db, requireUser }: HttpContext): void {
  const sell = async (request: Parameters<typeof userOf>[0]) =>
    listings.listForSale(db, userOf(request).id, parse(sellBody, request.body));

  for (const path of ['/api/marketplace', '/api/marketplace/sell']) {
    app.post(path, { preHandler: requireUser }, async (request, reply) => reply.status(201).send(await sell(request)));
  }
}
