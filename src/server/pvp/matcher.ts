import { inArray } from 'drizzle-orm';
import type { ArenaId } from '@common/arenas';
import type { AppContext } from '../context';
import type { Executor } from '../db/client';
import { characters, users } from '../db/schema';
import { pvpBattles } from '../db/schema-pvp';
import type { Fighter } from '../domain/battle';
import { startBattle } from '../domain/engine';
import { GHOST_AFTER_MS, ghostName, pairQueue, type QueueEntry } from '../domain/matchmaking';
import { characterView, type CharacterRow } from '../services/character-view';
import { fighterFrom, loadoutsOf } from '../services/loadout';
import { AppError } from '../services/errors';
import { claimSeats, joinQueueMany, offerGhosts, runningBattleOf, takeGhost, takeSeats, type JoinRequest, type JoinedSeat } from '../services/pvp-queue';
import { LEASE_MS } from '../services/pvp-store';
import { newSeed } from '../services/seeds';
import type { Gateway } from './gateway';
import type { RoomPlayer } from './pvp-room';
import type { NewRoom, PvpRooms } from './pvp-rooms';

/** Joins taken in one statement at most; the rest wait for the next one. */
export const JOIN_BATCH = 500;
/** Seats one pass claims. */
export const MATCH_BATCH = 200;
export const UNAVAILABLE_MESSAGE = 'Your character can no longer fight in PvP (it was listed, sold or removed). You have left the queue.';

export interface Matcher {
  /**
   * Seats a player in the queue. Joins arriving together share one statement (one at a time per
   * instance, so a burst never takes every connection); answers the seat and its place in line.
   */
  join(request: JoinRequest): Promise<JoinedSeat>;
  /** Resolves once a matching pass that started after this call has finished and told its players. */
  run(): Promise<void>;
  /** The player takes the ghost offered to them: a battle against it begins. */
  acceptGhost(userId: number): Promise<void>;
  stop(): void;
}

interface Pairing {
  sides: [QueueEntry, QueueEntry];
  /** The ghost's character when side 1 is a ghost. */
  ghostOf?: number;
}

/**
 * Matchmaking (DESIGN §4, §5). A pass claims up to MATCH_BATCH waiting players in one statement,
 * pairs them by rating in memory, gives the unpaired their seats back in one statement, stores the
 * new battles in one more and runs them here as rooms. Joins during a pass share the next one; every
 * second a pass also runs for players whose window has widened, and ghosts are offered to players
 * alone for 20 s. Other instances run their own passes; seats are claimed with SKIP LOCKED.
 */
export function createMatcher(ctx: AppContext, rooms: PvpRooms, gateway: Gateway, { everyMs = 1000 } = {}): Matcher {
  let current: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const onError = (err: unknown) => ctx.log.warn({ err }, 'pvp matching failed');
  const send = (userId: number, message: Parameters<Gateway['sendToUser']>[1]) =>
    gateway.sendToUser(userId, message).catch((err: unknown) => ctx.log.warn({ err, userId }, 'pvp message not delivered'));

  /** Loads the fighters of the pairs and stores their battles, owned by this instance. */
  const store = async (db: Executor, pairings: readonly Pairing[]): Promise<NewRoom[]> => {
    if (pairings.length === 0) return [];
    const ids = [...new Set(pairings.flatMap((p) => [p.sides[0].characterId, p.ghostOf ?? p.sides[1].characterId]))];
    const rows = new Map((await db.select().from(characters).where(inArray(characters.id, ids))).map((r) => [r.id, r]));
    const loadouts = await loadoutsOf(db, ids);
    const userIds = [...new Set(pairings.flatMap((p) => p.sides.map((s) => s.userId)))];
    const names = new Map((await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, userIds))).map((u) => [u.id, u.username]));
    const now = ctx.clock.now();
    const turnMs = ctx.config.PVP_TURN_SECONDS * 1000;
    const built = pairings.map((pairing) => {
      const [first, second] = pairing.sides;
      const a = rows.get(first.characterId)!;
      const b = rows.get(pairing.ghostOf ?? second.characterId)!;
      const fighter1 = fighterFrom(a, loadouts.get(a.id));
      const copied = fighterFrom(b, loadouts.get(b.id));
      const fighter2: Fighter = pairing.ghostOf ? { ...copied, name: ghostName(b.name) } : copied;
      const seed = newSeed();
      const { state } = startBattle(first.variant, [fighter1, fighter2], seed);
      const player = (row: CharacterRow, userId: number, username: string): RoomPlayer => {
        const view = characterView(row, null, loadouts.get(row.id));
        return { userId, characterId: row.id, username, view, rating: { rating: view.rating.rating, deviation: view.rating.deviation } };
      };
      const ghostName_ = ghostName(b.name);
      const players: [RoomPlayer, RoomPlayer] = [
        player(a, first.userId, names.get(first.userId) ?? ''),
        pairing.ghostOf ? { ...player(b, 0, ghostName_), view: { ...characterView(b, null, loadouts.get(b.id)), name: ghostName_ } } : player(b, second.userId, names.get(second.userId) ?? ''),
      ];
      const values: typeof pvpBattles.$inferInsert = {
        variant: first.variant,
        player1UserId: first.userId,
        player1CharacterId: a.id,
        player2UserId: pairing.ghostOf ? null : second.userId,
        player2CharacterId: b.id,
        ghost: Boolean(pairing.ghostOf),
        fighter1,
        fighter2,
        hp1: state.sides[0].hp,
        hp2: state.sides[1].hp,
        maxHp1: state.sides[0].maxHp,
        maxHp2: state.sides[1].maxHp,
        currentTurn: state.current === 0 ? first.userId : pairing.ghostOf ? null : second.userId,
        turnDeadline: new Date(now.getTime() + turnMs),
        seed,
        rating1: a.rating,
        rating2: b.rating,
        owner: rooms.instanceId,
        leaseUntil: new Date(now.getTime() + LEASE_MS),
        createdAt: now,
      };
      return { values, players, arena: (first.arena as ArenaId | null) ?? null };
    });
    const inserted = await db.insert(pvpBattles).values(built.map((b) => b.values)).returning();
    return inserted.map((row, i) => ({ row, players: built[i]!.players, arena: built[i]!.arena }));
  };

  /**
   * One pass, in one transaction: lock a batch of seats, pair them, take the paired (and the
   * unable) out of the queue and store their battles, so a player moves from the queue to a
   * battle in one step. Then the battles run here. Answers how many seats it locked.
   */
  const pass = async (): Promise<number> => {
    const outcome = await ctx.db.transaction(async (tx) => {
      const claimed = await claimSeats(tx, MATCH_BATCH);
      if (claimed.length === 0) return { claimed: 0, unavailable: [], battles: [] };
      // Nobody is paired with a character that cannot fight (a listing raced the join): they leave, told why.
      const unavailable = claimed.filter((s) => s.listed);
      const fighting = await runningBattleOf({ ...ctx, db: tx }, claimed.map((s) => s.userId));
      const available = claimed.filter((s) => !s.listed && !fighting.has(s.userId));
      const pairs = pairQueue(available, ctx.clock.now());
      const gone = [...unavailable, ...claimed.filter((s) => fighting.has(s.userId))].map((s) => s.userId);
      await takeSeats(tx, [...gone, ...pairs.flat().map((e) => e.userId)]);
      const battles = await store(tx, pairs.map((sides) => ({ sides })));
      return { claimed: claimed.length, unavailable, battles };
    });
    for (const seat of outcome.unavailable) {
      await send(seat.userId, { type: 'error', message: UNAVAILABLE_MESSAGE });
      await send(seat.userId, { type: 'queue_left' });
    }
    await rooms.open(outcome.battles);
    return outcome.claimed;
  };

  const loop = async () => {
    // A full batch means more may be waiting.
    while ((await pass()) >= MATCH_BATCH);
  };
  const start = (): Promise<void> => {
    current = loop()
      .catch(onError)
      .finally(() => {
        current = null;
      });
    return current;
  };
  const run = (): Promise<void> => {
    if (!current) return start();
    next ??= current.then(() => {
      next = null;
      return start();
    });
    return next;
  };

  const tick = setInterval(() => {
    // Ghosts after the pass: while a pass holds a waiting player's row, the offer's SKIP LOCKED
    // would pass them over, tick after tick on a busy machine.
    void run()
      .catch(() => undefined)
      .then(() => offerGhosts(ctx, new Date(ctx.clock.now().getTime() - GHOST_AFTER_MS)))
      .then((offers) => Promise.all(offers.map(({ entry, ghost }) => send(entry.userId, { type: 'ghost_offer', ghost }))))
      .catch((err: unknown) => ctx.log.warn({ err }, 'ghost offers failed'));
  }, everyMs);
  tick.unref();

  let asked: { request: JoinRequest; resolve: (seat: JoinedSeat) => void; reject: (err: unknown) => void }[] = [];
  let joining = false;
  const joinBatch = async () => {
    if (joining) return;
    joining = true;
    while (asked.length > 0) {
      const batch = asked.slice(0, JOIN_BATCH);
      asked = asked.slice(batch.length);
      try {
        const answers = await joinQueueMany(ctx, batch.map((b) => b.request));
        batch.forEach((b, i) => {
          const answer = answers[i]!;
          if (answer instanceof AppError) b.reject(answer);
          else b.resolve(answer);
        });
      } catch (err) {
        for (const b of batch) b.reject(err);
      }
    }
    joining = false;
  };
  const join = (request: JoinRequest) =>
    new Promise<JoinedSeat>((resolve, reject) => {
      asked.push({ request, resolve, reject });
      void joinBatch();
    });

  return {
    join,
    run,
    async acceptGhost(userId) {
      const battles = await ctx.db.transaction(async (tx) => {
        const { entry, ghostCharacterId } = await takeGhost(tx, userId);
        return store(tx, [{ sides: [entry, entry], ghostOf: ghostCharacterId }]);
      });
      await rooms.open(battles);
    },
    stop() {
      clearInterval(tick);
    },
  };
}
