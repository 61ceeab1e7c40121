import type { ChatMessageView } from '@common/chat';

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
    private readonly send: (message: ChatMessageView, ack?: { connectionId: string; clientId: string }) => void,
    /** How many relayed ids are remembered (far more than a catch-up reads). */
    private readonly remember = 1000,
  ) {}

  /** Relays a message unless it went out already; answers whether it did now. */
  relay(message: ChatMessageView, ack?: { connectionId: string; clientId: string }): boolean {
    if (this.seen.has(message.id)) return false;
    this.seen.add(message.id);
    this.order.push(message.id);
    if (this.order.length > this.remember) this.seen.delete(this.order.shift()!);
    this.send(message, ack);
    return true;
  }

  /**
   * After an outage: the recent messages (oldest first) that were posted since `since` and never
   * went out here. Answers how many did now.
   */
  catchUp(recent: readonly ChatMessageView[], since: Date): number {
    let relayed = 0;
    for (const message of recent) {
      if (new Date(message.createdAt) < since) continue;
      if (this.relay(message)) relayed += 1;
    }
    return relayed;
  }
}
