import type { Clock, Log } from '../context';
import { batchedCalls } from '../db/batch';
import { GHOST_AFTER_MS, pairQueue } from '../domain/matchmaking';
import type { RoomHost } from './host/room-host';
import type { PvpStore, PvpTransport } from './ports';
import { MATCH_BATCH } from './storage';
import type { JoinedSeat, JoinRequest } from './storage/queue';

/** Joins taken in one statement at most; the rest wait for the next one. */
export const JOIN_BATCH = 500;
export const UNAVAILABLE_MESSAGE = 'Your character can no longer fight in PvP (it was listed, sold or removed). You have left the queue.';

/**
 * Matchmaking (DESIGN §4, §5). A pass claims up to MATCH_BATCH waiting players, pairs them by
 * rating (domain/matchmaking.ts), gives the unpaired their seats back and stores the new battles,
 * in one transaction of the store, and the host runs them here as rooms. Joins arriving together
 * share one statement, and a join's answer waits for a pass that saw it; every second a pass also
 * runs for players whose window has widened, and ghosts are offered to players alone for 20 s.
 * Other instances run their own passes, one at a time over all of them (storage lockMatching), so
 * each sees the whole queue; seats are claimed with SKIP LOCKED (one being offered a ghost waits).
 */
export class Matcher {
  private current: Promise<void> | null = null;
  private next: Promise<void> | null = null;
  private readonly tick: NodeJS.Timeout;
  /** Seats a player in the queue; joins of one turn of the event loop share one statement. */
  readonly join: (request: JoinRequest) => Promise<JoinedSeat>;

  constructor(
    private readonly store: PvpStore,
    private readonly host: RoomHost,
    private readonly transport: PvpTransport,
    private readonly clock: Clock,
    private readonly log: Log,
    { everyMs = 1000 } = {},
  ) {
    // One join statement at a time per instance, so a burst never takes every connection.
    this.join = batchedCalls<JoinRequest, JoinedSeat>(async (joins) => (await store.join(joins)).map((answer) => (answer instanceof Error ? { error: answer } : { value: answer })), {
      max: JOIN_BATCH,
      oneAtATime: true,
    });
    this.tick = setInterval(() => {
      // Nobody waiting anywhere (one read of the queue): no pass and no offers, whose transactions
      // would otherwise run every second on every instance however idle.
      // Ghosts after the pass: while a pass holds a waiting player's row, the offer's SKIP LOCKED
      // would pass them over, tick after tick on a busy machine.
      void store
        .anyoneWaiting()
        .then(async (anyone) => {
          if (!anyone) return [];
          await this.run().catch(() => undefined);
          return store.offerGhosts(new Date(clock.now().getTime() - GHOST_AFTER_MS));
        })
        .then((offers) => {
          for (const { entry, ghost } of offers) transport.toUser(entry.userId, [{ type: 'ghost_offer', ghost }]);
        })
        .catch((err: unknown) => log.warn({ err }, 'pvp matching tick failed'));
    }, everyMs);
    this.tick.unref();
  }

  /** Resolves once a matching pass that started after this call has finished and told its players. */
  run(): Promise<void> {
    if (!this.current) return this.start();
    this.next ??= this.current.then(() => {
      this.next = null;
      return this.start();
    });
    return this.next;
  }

  /** The player takes the ghost offered to them: a battle against it begins. */
  async acceptGhost(userId: number): Promise<void> {
    await this.host.open(await this.store.takeGhost(this.host.instanceId, userId));
  }

  stop(): void {
    clearInterval(this.tick);
  }

  private start(): Promise<void> {
    this.current = this.loop()
      .catch((err: unknown) => this.log.warn({ err }, 'pvp matching failed'))
      .finally(() => {
        this.current = null;
      });
    return this.current;
  }

  private async loop(): Promise<void> {
    // A full batch means more may be waiting.
    while ((await this.pass()) >= MATCH_BATCH);
  }

  /** One pass: answers how many seats it locked. */
  private async pass(): Promise<number> {
    const now = this.clock.now();
    const outcome = await this.store.matchPass(this.host.instanceId, (available, blocked) => pairQueue(available, now, blocked));
    for (const seat of outcome.unavailable) this.transport.toUser(seat.userId, [{ type: 'error', message: UNAVAILABLE_MESSAGE }, { type: 'queue_left' }]);
    await this.host.open(outcome.battles);
    return outcome.claimed;
  }
}
