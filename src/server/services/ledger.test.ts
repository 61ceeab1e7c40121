import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { creditMoves } from './ledger';

/** The credit moves' statement, built without a database (its rows are checked where they run: tests/). */
describe('creditMoves', () => {
  const text = (sql: ReturnType<typeof creditMoves>) => new PgDialect().sqlToQuery(sql);

  it('refuses two moves of one player in one statement: the update would apply only one of them', () => {
    expect(() => creditMoves([{ userId: 7, delta: 10, reason: 'pvp_reward' }, { userId: 7, delta: 5, reason: 'pvp_reward' }])).toThrow('one move per player');
    expect(() => creditMoves([{ userId: 7, delta: 0, reason: 'pvp_reward' }])).toThrow('not 0');
  });

  it("carries each move's own reference without one for all, and one for all when given", () => {
    const own = text(creditMoves([{ userId: 1, delta: 10, reason: 'pvp_reward', reference: 'pvp_battle:4' }, { userId: 2, delta: 20, reason: 'pvp_reward', reference: 'pvp_battle:5' }]));
    expect(own.params).toContain(JSON.stringify([{ id: 1, delta: 10, reason: 'pvp_reward', ref: 'pvp_battle:4' }, { id: 2, delta: 20, reason: 'pvp_reward', ref: 'pvp_battle:5' }]));
    expect(own.sql).toContain('ref text');
    const shared = text(creditMoves([{ userId: 1, delta: -10, reason: 'marketplace_purchase' }], 'listing:9'));
    expect(shared.sql).not.toContain('ref text');
    expect(shared.params).toContain('listing:9');
  });
});
