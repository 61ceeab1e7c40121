import { randomUUID } from 'node:crypto';

import type { Bus } from '../bus/bus';
import type { Log } from '../context';
import type { Gateway } from '../realtime/gateway';
import type { PvpTransport, RoomHandler, RoomReply, RoomRequest } from './ports';

/**
 * PvP's transport in the game: the socket gateway for people, the bus for other instances. Each
 * instance listens on one channel of its own, for the requests sent to its rooms and the answers
 * to its own requests alike, so a battle's start and end cost no SUBSCRIBE or UNSUBSCRIBE: a
 * request for a battle goes to the channel of the instance its row names as owner, with a reply
 * address; no answer within `replyTimeoutMs` means the battle is between owners.
 */

export const MOVING_MESSAGE = 'The battle is moving to another server. Try again in a few seconds.';

/** The answer while a battle has no owner that runs it (taken over, or not yet restored). */
export const MOVING_REPLY: RoomReply = { ok: false, status: 409, message: MOVING_MESSAGE };

const instanceChannel = (instanceId: string) => `pvp-instance:${instanceId}`;

type Envelope = { requestId: string; replyTo: string; battleId: number; request: RoomRequest } | { requestId: string; reply: RoomReply };

export async function gatewayTransport(gateway: Gateway, bus: Bus, log: Log, { replyTimeoutMs }: { replyTimeoutMs: number }): Promise<PvpTransport> {
  const instanceId = randomUUID();
  const pending = new Map<string, (reply: RoomReply) => void>();
  let handler: RoomHandler | null = null;
  const unsubscribe = await bus.subscribe(instanceChannel(instanceId), (event) => {
    const envelope = event as Envelope;
    if ('reply' in envelope) return pending.get(envelope.requestId)?.(envelope.reply);
    const { requestId, replyTo, battleId, request } = envelope;
    const answered = handler ? handler(battleId, request, replyTo !== instanceId) : Promise.resolve(MOVING_REPLY);
    void answered
      .then((reply) => bus.publish(instanceChannel(replyTo), { requestId, reply } satisfies Envelope))
      .catch((err: unknown) => log.warn({ err, battleId }, 'pvp request not answered'));
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
    ask(owner, battleId, request) {
      if (owner === null) return Promise.resolve(MOVING_REPLY);
      const requestId = randomUUID();
      return new Promise<RoomReply>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(requestId);
          resolve(MOVING_REPLY);
        }, replyTimeoutMs);
        timer.unref();
        pending.set(requestId, (reply) => {
          clearTimeout(timer);
          pending.delete(requestId);
          resolve(reply);
        });
        bus.publish(instanceChannel(owner), { requestId, replyTo: instanceId, battleId, request } satisfies Envelope).catch((err: unknown) => {
          clearTimeout(timer);
          pending.delete(requestId);
          reject(err instanceof Error ? err : new Error(String(err)));
        });
      });
    },
    answer(answering) {
      handler = answering;
    },
    async close() {
      handler = null;
      await unsubscribe();
    },
  };
}

/** Whether a user's messages may go straight to this instance's sockets (all of theirs are here). */
export function reachesLocally(transport: PvpTransport, remote: ReadonlySet<number>, userId: number): boolean {
  return !remote.has(userId) && transport.localConnections(userId) > 0;
}
