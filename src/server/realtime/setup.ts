import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { Bus } from '../bus/bus';
import type { GatewayTuning } from './connection';
import { attachGateway, type Gateway } from './gateway';
import type { GatewayHooks } from './upgrade';

export interface RealtimeOptions {
  /** The shared bus (Redis when REDIS_URL is set); without one the app uses its own in-process bus. */
  bus?: Bus;
  tuning?: Partial<GatewayTuning>;
}

/** Wires the `/ws` gateway into the app (`app.gateway`); the chat broadcast rides the context's bus. */
export async function registerRealtime(
  app: FastifyInstance,
  ctx: AppContext,
  hooks: GatewayHooks,
  { tuning }: RealtimeOptions = {},
): Promise<Gateway> {
  return attachGateway(app, { ctx, hooks, tuning });
}
