import { randomUUID } from 'node:crypto';

import type { Bus, Unsubscribe } from '../bus/bus';
import type { Log } from '../context';
import type { Gateway } from '../realtime/gateway';
import type { PvpTransport, RoomReply, RoomRequest } from './ports';

/**
 * PvP's transport in the game: the socket gateway for people, the bus for other instances. A
 * request for a battle goes on the battle's channel with a reply address; the owner answers on
 * that address; no answer within `replyTimeoutMs` means the battle is between owners.
 */

export const MOVING_MESSAGE = 'The battle is moving to another server. Try again in a few seconds.';

const roomChannel = (battleId: number) => `pvp-room:${battleId}`;
const replyChannel = (instanceId: string) => `pvp-reply:${instanceId}`;

type Envelope = RoomRequest & { requestId: string; replyTo: string };
type ReplyEnvelope = RoomReply & { requestId: string };

export async function gatewayTransport(gateway: Gateway, bus: Bus, log: Log, { replyTimeoutMs }: { replyTimeoutMs: number }): Promise<PvpTransport> {
  const instanceId = randomUUID();
  const pending = new Map<string, (reply: RoomReply) => void>();
  const unsubscribeReplies: Unsubscribe = await bus.subscribe(replyChannel(instanceId), (event) => {
    const reply = event as ReplyEnvelope;
    pending.get(reply.requestId)?.(reply);
  });
  const warn = (userId: number) => (err: unknown) => log.warn({ err, userId }, 'pvp message not delivered');

  return {
    instanceId,
    toLocal(userId, messages) {
      try {
        gateway.sendLocal(userId, messages);
      } catch (err) {
        warn(userId)(err);
      }
    },
    toUser(userId, messages) {
      for (const message of messages) void gateway.sendToUser(userId, message).catch(warn(userId));
    },
    localConnections: (userId) => gateway.localConnections(userId),
    onUserOffline: (listener) => gateway.onUserOffline(listener),
    ask(battleId, request) {
      const requestId = randomUUID();
      return new Promise<RoomReply>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(requestId);
          resolve({ ok: false, status: 409, message: MOVING_MESSAGE });
        }, replyTimeoutMs);
        timer.unref();
        pending.set(requestId, (reply) => {
          clearTimeout(timer);
          pending.delete(requestId);
          resolve(reply);
        });
        bus.publish(roomChannel(battleId), { ...request, requestId, replyTo: instanceId } satisfies Envelope).catch((err: unknown) => {
          clearTimeout(timer);
          pending.delete(requestId);
          reject(err instanceof Error ? err : new Error(String(err)));
        });
      });
    },
    answer(battleId, handler) {
      return bus.subscribe(roomChannel(battleId), (event) => {
        const { requestId, replyTo, ...request } = event as Envelope;
        void handler(request as RoomRequest, replyTo !== instanceId)
          .then((reply) => bus.publish(replyChannel(replyTo), { ...reply, requestId } satisfies ReplyEnvelope))
          .catch((err: unknown) => log.warn({ err, battleId }, 'pvp request not answered'));
      });
    },
    async close() {
      await unsubscribeReplies();
    },
  };
}

/** Whether a user's messages may go straight to this instance's sockets (all of theirs are here). */
export function reachesLocally(transport: PvpTransport, remote: ReadonlySet<number>, userId: number): boolean {
  return !remote.has(userId) && transport.localConnections(userId) > 0;
}

