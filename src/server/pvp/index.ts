import type { AppContext } from '../context';
import type { Gateway } from '../realtime/gateway';
import { pvpActions, type PvpActions } from './actions';
import { challengeService, type Challenges } from './challenges';
import { DEFAULT_HOST_TUNING, RoomHost, type HostTuning } from './host/room-host';
import { Matcher } from './matcher';
import type { PvpStore, PvpTransport } from './ports';
import { systemTime, type TimeSource } from './room/room-clock';
import { registerPvpSocket } from './socket';
import { pgPvpStore } from './storage';
import { gatewayTransport } from './transport';

/**
 * PvP on one instance, put together: the store (PostgreSQL and the journal), the transport (the
 * gateway and the bus), the host of this instance's rooms, the matcher and the actions both pages
 * use. `app.ts` builds it once; `stop` writes and lets go of the rooms.
 */
export interface Pvp {
  host: RoomHost;
  matcher: Matcher;
  actions: PvpActions;
  /** Direct challenges between friends and guild mates (issue 25). */
  challenges: Challenges;
  stop(): Promise<void>;
}

export interface PvpOptions {
  tuning?: Partial<HostTuning>;
  /** Time for the rooms' turn timers (tests move it by hand). */
  time?: TimeSource;
  /** Replaces the store (tests). */
  store?: PvpStore;
  /** Replaces the transport (tests). */
  transport?: PvpTransport;
}

export async function startPvp(ctx: AppContext, gateway: Gateway, options: PvpOptions = {}): Promise<Pvp> {
  const tuning = { ...DEFAULT_HOST_TUNING, ...options.tuning };
  const store = options.store ?? pgPvpStore(ctx);
  const transport = options.transport ?? (await gatewayTransport(gateway, ctx.bus, ctx.log, tuning));
  const host = new RoomHost({ store, transport, time: options.time ?? systemTime(ctx.clock), log: ctx.log, turnMs: ctx.config.PVP_TURN_SECONDS * 1000, tuning });
  await host.start();
  const matcher = new Matcher(store, host, transport, ctx.clock, ctx.log);
  const actions = pvpActions(ctx, store, host, matcher);
  registerPvpSocket(gateway, actions);
  const challenges = challengeService(ctx, host, transport, ctx.log);
  // A challenge still waiting for its answer is shown on every tab the player opens meanwhile.
  gateway.onConnected(async (conn) => {
    const waiting = await challenges.waitingFor(conn.user.id);
    for (const message of waiting) conn.send(message);
  });
  return {
    host,
    matcher,
    actions,
    challenges,
    async stop() {
      matcher.stop();
      challenges.stop();
      await host.stop();
      await transport.close();
    },
  };
}
