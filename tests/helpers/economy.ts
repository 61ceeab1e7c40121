import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';

export interface CreditAudit {
  totalCredits: number;
  grants: number;
  minted: number;
  burned: number;
  /** Users whose ledger does not sum to their balance, or whose balance is negative. */
  badUsers: number[];
  /** Characters without exactly one owning user. */
  orphanCharacters: number;
}

/**
 * The money invariants of DESIGN §4: credits = grants + minted − burned, no negative balance,
 * each user's ledger sums to their balance (and its last row says so), one owner per character.
 */
export async function auditCredits(db: Db): Promise<CreditAudit> {
  const [totals] = (
    (await db.execute(sql`
      select
        (select coalesce(sum(credits), 0) from users)::bigint as total,
        (select coalesce(sum(delta), 0) from credit_ledger where reason = 'starting_grant')::bigint as grants,
        (select coalesce(sum(delta), 0) from credit_ledger where reason <> 'starting_grant' and delta > 0)::bigint as plus,
        (select coalesce(-sum(delta), 0) from credit_ledger where delta < 0)::bigint as minus
    `)) as { rows: { total: string; grants: string; plus: string; minus: string }[] }
  ).rows;
  const bad = (
    (await db.execute(sql`
      select u.id from users u
      left join (select user_id, sum(delta) as s from credit_ledger group by user_id) l on l.user_id = u.id
      where u.credits < 0 or coalesce(l.s, 0) <> u.credits
         or u.credits <> coalesce((select balance_after from credit_ledger c where c.user_id = u.id order by c.id desc limit 1), 0)
    `)) as { rows: { id: number }[] }
  ).rows;
  const orphans = (
    (await db.execute(sql`
      select count(*)::int as n from characters c left join users u on u.id = c.user_id where u.id is null
    `)) as { rows: { n: number }[] }
  ).rows;
  // Credits paid between players (a sale) are minted for the seller and burned from the buyer,
  // so they cancel out; the fee is what stays burned.
  const grants = Number(totals!.grants);
  const minted = Number(totals!.plus);
  const burned = Number(totals!.minus);
  return {
    totalCredits: Number(totals!.total),
    grants,
    minted,
    burned,
    badUsers: bad.map((r) => Number(r.id)),
    orphanCharacters: orphans[0]!.n,
  };
}
