import { eq, sql, type SQL } from 'drizzle-orm';
import { intArray, rowsOf, type Executor, type Tx } from '../db/client';
import { creditLedger, users } from '../db/schema';
import { PG_CHECK_VIOLATION, badRequest, notFound, pgErrorCode } from '../errors';

/**
 * Why credits moved. Grants and rewards mint credits; purchases from the game (equipment,
 * image sets) and the marketplace fee burn them; a marketplace sale moves them between players.
 */
export type LedgerReason =
  | 'starting_grant'
  | 'pve_reward'
  | 'pvp_reward'
  | 'marketplace_purchase'
  | 'marketplace_sale'
  | 'equipment_purchase'
  | 'image_set_purchase'
  | 'guild_donation'
  | 'quest_reward';

export interface CreditMove {
  userId: number;
  /** Positive adds credits, negative takes them. */
  delta: number;
  reason: LedgerReason;
  /** What the move is about (a listing id, an item id, ...), for audits. */
  reference?: string;
}

/**
 * Credit moves as CTEs, for a statement that writes more in the same round trip:
 * `with ${creditMoves(moves, reference)}, ... select user_id, balance_after from ledger`.
 * `credited` updates the balances and `ledger` writes their rows (answering `user_id` and
 * `balance_after`). Every row's reference is `reference` (text or an expression over
 * `credited.id`); without it, each move's own `reference`, carried beside its delta (no lookup per
 * row: a settlement of 200 battles used to scan its 200 rewards for each of them). Moves of 0 are
 * left out: give at least one that is not, and at most one per player. A balance that would go
 * below zero fails the statement on the balance CHECK, as `moveCredits` does.
 */
export function creditMoves(moves: readonly CreditMove[], reference?: string | SQL): SQL {
  const own = reference === undefined;
  const values = moves
    .filter((m) => m.delta !== 0)
    .map((m) => ({ id: m.userId, delta: m.delta, reason: m.reason, ...(own ? { ref: m.reference ?? null } : {}) }));
  if (values.length === 0) throw new Error('creditMoves needs a move that is not 0');
  // The update meets each balance once: a second move of the same player would be lost, not added.
  if (new Set(values.map((v) => v.id)).size !== values.length) throw new Error('creditMoves takes one move per player');
  const json = JSON.stringify(values);
  // The balances are locked in id order before they change, whoever calls: two statements
  // moving the credits of the same players (a round of battles, a sale, a PvP end) wait for
  // each other instead of deadlocking. The update alone would take them in whatever order its
  // plan meets them; it only touches rows `locked` has taken, which runs once (materialized).
  return sql`locked as materialized (select id from ${users} where id = any(${intArray(new Set(values.map((v) => v.id)))}) order by id for no key update),
    credited as (
      update ${users} u set credits = u.credits + m.delta
      from locked l join json_to_recordset(${json}::json) as m(id int, delta int, reason text${own ? sql`, ref text` : sql``}) on m.id = l.id
      where u.id = l.id returning u.id, u.credits, m.delta, m.reason${own ? sql`, m.ref` : sql``}
    ),
    ledger as (
      insert into ${creditLedger} (user_id, delta, reason, reference, balance_after)
      select id, delta, reason, ${own ? sql`ref` : reference}, credits from credited returning user_id, balance_after
    )`;
}

export const INSUFFICIENT_CREDITS = 'Insufficient credits';

/**
 * Runs a statement that moves credits: a balance that would go below zero fails it on the
 * balance CHECK, which the player is told as 'Insufficient credits' (400); anything else fails as it is.
 */
export async function withCreditCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (pgErrorCode(err) === PG_CHECK_VIOLATION) throw badRequest(INSUFFICIENT_CREDITS);
    throw err;
  }
}

/**
 * One player's credit move: updates the balance and writes the ledger row in the caller's
 * transaction (statements moving several at once use `creditMoves`; the ledger has a row for
 * every change either way). The balance CHECK refuses anything that would go below zero.
 * Returns the balance after the move.
 */
export async function moveCredits(tx: Tx, move: CreditMove): Promise<number> {
  if (!Number.isSafeInteger(move.delta)) throw new Error(`credit delta must be an integer: ${move.delta}`);
  const rows = await withCreditCheck(() =>
    tx
      .update(users)
      .set({ credits: sql`${users.credits} + ${move.delta}` })
      .where(eq(users.id, move.userId))
      .returning({ credits: users.credits }),
  );
  const balanceAfter = rows[0]?.credits;
  if (balanceAfter === undefined) throw notFound('User not found');
  await tx.insert(creditLedger).values({
    userId: move.userId,
    delta: move.delta,
    reason: move.reason,
    reference: move.reference ?? null,
    balanceAfter,
  });
  return balanceAfter;
}

/** Credits minted (positive moves) and burned (negative moves) per reason, for /metrics. */
export interface CreditFlow {
  reason: string;
  minted: number;
  burned: number;
}

/**
 * The ledger's rows after id `afterId` that are at least `settledMs` old, summed per reason, and
 * the last id read: /metrics reads only what was written since its last look (the primary
 * key's range), and leaves the newest rows for the next look, so a row whose transaction
 * commits a moment after a later one is still counted. A sale counts as minted for the seller
 * and burned from the buyer (they cancel out but for the fee), as in the credit invariant.
 */
export async function creditFlowSince(db: Executor, afterId: number, settledMs = 30_000): Promise<{ lastId: number; flows: CreditFlow[] }> {
  const rows = rowsOf<{ reason: string; minted: string | null; burned: string | null; last_id: number }>(
    await db.execute(sql`select reason, sum(delta) filter (where delta > 0) as minted, -sum(delta) filter (where delta < 0) as burned, max(id)::int as last_id
      from ${creditLedger} where id > ${afterId} and created_at < now() - ${settledMs} * interval '1 millisecond' group by reason`),
  );
  const lastId = rows.reduce((max, r) => Math.max(max, r.last_id), afterId);
  return { lastId, flows: rows.map((r) => ({ reason: r.reason, minted: Number(r.minted ?? 0), burned: Number(r.burned ?? 0) })) };
}

/** The ledger's last id now: /metrics counts from there at start-up. */
export async function lastLedgerId(db: Executor): Promise<number> {
  const [row] = rowsOf<{ id: number | null }>(await db.execute(sql`select max(id)::int as id from ${creditLedger}`));
  return row?.id ?? 0;
}
