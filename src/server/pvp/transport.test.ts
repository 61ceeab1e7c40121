import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '@common/ws-messages';
import { createMemoryBus, type Bus } from '../bus/bus';
import { silentLog } from '../context';
import type { Gateway } from '../realtime/gateway';
import { DEFAULT_HOST_TUNING, RoomHost } from './host/room-host';
import { ManualTime } from './room/room-clock';
import { MemoryStore, testFighter } from './testing';
import { gatewayTransport, MOVING_MESSAGE } from './transport';

/**
 * The game's transport between two instances on one bus: requests reach the instance a battle's
 * row names, on that instance's one channel, so battles that start and end subscribe to nothing.
 */

/** A bus that counts what is subscribed and unsubscribed. */
function countingBus() {
  const bus = createMemoryBus({ log: { warn: () => undefined, error: () => undefined } });
  const counts = { subscribe: 0, unsubscribe: 0 };
  const counted: Bus = {
    ...bus,
    subscribe: async (channel, handler) => {
      counts.subscribe += 1;
      const unsubscribe = await bus.subscribe(channel, handler);
      return async () => {
        counts.unsubscribe += 1;
        await unsubscribe();
      };
    },
  };
  return { bus: counted, counts };
}

/** Sockets nowhere: every player is reached through the bus (what they got is not the point here). */
const gateway = {
  sendLocal: (_userId: number, _messages: readonly ServerMessage[]) => undefined,
  sendToUser: async () => undefined,
  localConnections: () => 0,
  onUserOffline: () => undefined,
} as unknown as Gateway;

describe('the transport between instances', () => {
  it('forwards a move to the owner on its instance channel, with no subscription per battle', async () => {
    const { bus, counts } = countingBus();
    const time = new ManualTime();
    const store = new MemoryStore(time);
    const [ta, tb] = await Promise.all([gatewayTransport(gateway, bus, silentLog, { replyTimeoutMs: 5000 }), gatewayTransport(gateway, bus, silentLog, { replyTimeoutMs: 5000 })]);
    const host = (transport: typeof ta) => new RoomHost({ store, transport, time, log: silentLog, turnMs: 30_000, tuning: DEFAULT_HOST_TUNING });
    const [a, b] = [host(ta), host(tb)];
    await a.start();
    await b.start();
    expect(counts).toEqual({ subscribe: 2, unsubscribe: 0 });

    const battles = [0, 1, 2].map((i) => store.newBattle(ta.instanceId, [testFighter(`A${i}`), testFighter(`B${i}`)], { userIds: [200 + 2 * i, 201 + 2 * i] }));
    await a.open(battles);
    // A move landing on B reaches A's room; B's answer is A's view of it.
    const first = battles[0]!.row;
    const view = await b.act(first.player1UserId, 'forfeit', first.id);
    expect(view).toMatchObject({ id: first.id, status: 'completed' });
    await Promise.all(battles.slice(1).map((battle) => b.act(battle.row.player2UserId!, 'forfeit', battle.row.id)));
    expect(store.settled.map((s) => s.battleId).sort()).toEqual(battles.map((battle) => battle.row.id).sort());
    expect(a.size).toBe(0);
    // Three battles started and ended: still one channel per instance, none let go.
    expect(counts).toEqual({ subscribe: 2, unsubscribe: 0 });

    // A battle whose row names no running owner is moving: answered at once, nobody waits.
    const orphan = store.newBattle(ta.instanceId, [testFighter('C'), testFighter('D')], { userIds: [300, 301] });
    await expect(b.act(300, 'attack', orphan.row.id)).rejects.toThrow(MOVING_MESSAGE);
    store.battles.get(orphan.row.id)!.owner = null;
    await expect(b.act(300, 'attack', orphan.row.id)).rejects.toThrow(MOVING_MESSAGE);

    await Promise.all([a.stop(), b.stop(), ta.close(), tb.close()]);
    expect(counts).toEqual({ subscribe: 2, unsubscribe: 2 });
  });
});
