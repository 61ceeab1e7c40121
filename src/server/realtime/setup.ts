import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { SessionCookie } from '../http/session';
import { connectChat } from '../services/chat';
import { createMemoryBus, type Bus } from './bus';
import type { GatewayTuning } from './connection';
import { attachGateway, type Gateway } from './gateway';

export interface RealtimeOptions {
  /** The shared bus (Redis when REDIS_URL is set); without one the app uses its own in-process bus. */
  bus?: Bus;
  tuning?: Partial<GatewayTuning>;
}

/** Wires the bus, the chat broadcast and the `/ws` gateway into the app (`app.gateway`). */
export async function registerRealtime(
  app: FastifyInstance,
  { config, db, cookie }: { config: Config; db: Db; cookie: SessionCookie },
  { bus: shared, tuning }: RealtimeOptions = {},
): Promise<Gateway> {
  const bus = shared ?? createMemoryBus({ log: app.log });
  const disconnectChat = connectChat(db, bus, app.log);
  app.addHook('onClose', async () => {
    disconnectChat();
    // A bus handed in belongs to the caller, who closes it after the app.
    if (!shared) await bus.close();
  });
  return attachGateway(app, { config, db, cookie, bus, tuning });
}
