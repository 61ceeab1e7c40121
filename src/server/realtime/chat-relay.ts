import type { ChatMessageView } from '@common/chat';
import type { ServerMessage } from '@common/ws-messages';
import type { Bus, Unsubscribe } from '../bus/bus';
import { CHAT_CHANNEL, isChatDeletedEvent, isChatEvent } from '../bus/channels';
import type { Log } from '../context';
import type { LocalSockets } from './local-sockets';

/** A message stored just before the subscriber noticed the outage may not have crossed either. */
const CHAT_CATCH_UP_MARGIN_MS = 5000;

/**
 * Arena chat to this instance's sockets: each message once, whether it arrives over the bus or is
 * read back from the database after a bus outage. A message is stored before it is published, so
 * when Redis was away the messages of other instances never crossed; once the bus is back the
 * latest ones are read again and those this instance never relayed go out then (the clients' 5 s
 * poll shows them meanwhile, and merges by id).
 */
export class ChatRelay {
  private readonly seen = new Set<number>();
  private readonly order: number[] = [];

  constructor(
    private readonly send: (message: ChatMessageView, ack?: { connectionId: string; clientId: string }, hiddenFrom?: readonly number[]) => void,
    /** How many relayed ids are remembered (far more than a catch-up reads). */
    private readonly remember = 1000,
  ) {}

  /** Relays a message unless it went out already; answers whether it did now. */
  relay(message: ChatMessageView, ack?: { connectionId: string; clientId: string }, hiddenFrom?: readonly number[]): boolean {
    if (this.seen.has(message.id)) return false;
    this.seen.add(message.id);
    this.order.push(message.id);
    if (this.order.length > this.remember) this.seen.delete(this.order.shift()!);
    this.send(message, ack, hiddenFrom);
    return true;
  }

  /**
   * After an outage: the recent messages (oldest first) that were posted since `since` and never
   * went out here. Answers how many did now.
   */
  catchUp(recent: readonly { message: ChatMessageView; hiddenFrom: readonly number[] }[], since: Date): number {
    let relayed = 0;
    for (const { message, hiddenFrom } of recent) {
      if (new Date(message.createdAt) < since) continue;
      if (this.relay(message, undefined, hiddenFrom)) relayed += 1;
    }
    return relayed;
  }
}

/**
 * Relays the arena chat of the bus to this instance's sockets (serialised once for everyone; only
 * the sending socket's copy carries its clientId; players who block the author are skipped), a
 * moderator's deletion as `chat_deleted`, and after a bus outage the messages missed.
 */
export async function relayChat(bus: Bus, sockets: LocalSockets, encode: (message: ServerMessage) => string, recentChat: () => Promise<{ message: ChatMessageView; hiddenFrom: readonly number[] }[]>, log: Log): Promise<Unsubscribe> {
  const chat = new ChatRelay((message, ack, hiddenFrom) => {
    const text = encode({ type: 'chat_message', message });
    const hidden = new Set(hiddenFrom);
    for (const conn of sockets.all()) {
      if (hidden.has(conn.user.id)) continue;
      if (ack?.connectionId === conn.id) conn.send({ type: 'chat_message', message, clientId: ack.clientId });
      else conn.sendText(text);
    }
  });
  // Messages stored while the bus was away never crossed it: relay the ones missed here now.
  bus.onReconnect((lostAt) => {
    const since = new Date(lostAt.getTime() - CHAT_CATCH_UP_MARGIN_MS);
    recentChat()
      .then((recent) => {
        const relayed = chat.catchUp(recent, since);
        if (relayed > 0) log.warn({ relayed }, 'chat messages missed during a bus outage relayed');
      })
      .catch((err: unknown) => log.warn({ err }, 'chat catch-up after a bus outage failed'));
  });
  return bus.subscribe(CHAT_CHANNEL, (event) => {
    if (isChatEvent(event)) chat.relay(event.message, event.ack, event.hiddenFrom);
    else if (isChatDeletedEvent(event)) {
      const text = encode({ type: 'chat_deleted', id: event.deleted });
      for (const conn of sockets.all()) conn.sendText(text);
    }
  });
}
