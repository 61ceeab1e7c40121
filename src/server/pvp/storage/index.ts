import type { AppContext } from '../../context';
import { blockedPairsAmong } from '../../services/blocks';
import type { Action } from '../../domain/engine';
import type { PvpStore } from '../ports';
import { battleRow, battleRows, heartbeat, keepAlive, playersOf, releaseBattles, runningBattle, writeSnapshots } from './battles';
import { storeBattles } from './new-battles';
import { anyoneWaiting, claimSeats, joinQueueMany, leaveQueue, lockMatching, offerGhosts, runningBattleOf, takeGhost, takeSeats } from './queue';
import { settleBattles } from './settle';

const journalKey = (battleId: number) => `pvp:${battleId}`;

/**
 * PvP's store in the game: the queue and the battles in PostgreSQL (the functions of this
 * folder), the actions of running battles in the journal beside the bus (Redis, or the process).
 */
export function pgPvpStore(ctx: AppContext): PvpStore {
  const turnMs = () => ctx.config.PVP_TURN_SECONDS * 1000;
  return {
    join: (joins) => joinQueueMany(ctx, joins),
    leave: (userId, variant) => leaveQueue(ctx, userId, variant),
    matchPass: (owner, pair) =>
      ctx.db.transaction(async (tx) => {
        await lockMatching(tx);
        const claimed = await claimSeats(tx, MATCH_BATCH);
        if (claimed.length === 0) return { claimed: 0, unavailable: [], battles: [] };
        // Nobody is paired with a character that cannot fight (a listing raced the join): they leave, told why.
        const fighting = await runningBattleOf({ ...ctx, db: tx }, claimed.map((s) => s.userId));
        const unavailable = claimed.filter((s) => s.listed);
        const able = claimed.filter((s) => !s.listed && !fighting.has(s.userId));
        // Two players of whom one blocks the other wait on for someone else.
        const pairs = pair(able, await blockedPairsAmong(tx, able.map((s) => s.userId)));
        const gone = [...unavailable, ...claimed.filter((s) => fighting.has(s.userId))].map((s) => s.userId);
        await takeSeats(tx, [...gone, ...pairs.flat().map((e) => e.userId)]);
        const battles = await storeBattles(tx, owner, ctx.clock.now(), turnMs(), pairs.map((sides) => ({ sides })));
        return { claimed: claimed.length, unavailable, battles };
      }),
    anyoneWaiting: () => anyoneWaiting(ctx),
    offerGhosts: (waitedSince) => offerGhosts(ctx, waitedSince),
    takeGhost: (owner, userId) =>
      ctx.db.transaction(async (tx) => {
        const { entry, ghostCharacterId } = await takeGhost(tx, userId);
        return storeBattles(tx, owner, ctx.clock.now(), turnMs(), [{ sides: [entry, entry], ghostOf: ghostCharacterId }]);
      }),
    keepAlive: (owner) => keepAlive(ctx, owner),
    heartbeat: (owner, held) => heartbeat(ctx, owner, held),
    release: (owner) => releaseBattles(ctx, owner),
    writeSnapshots: (owner, snapshots) => writeSnapshots(ctx, owner, snapshots),
    settle: (inputs) => settleBattles(ctx, inputs),
    playersOf: (rows) => playersOf(ctx, rows),
    runningBattleOf: (userId) => runningBattle(ctx, userId),
    battle: (id) => battleRow(ctx, id),
    battleRows: (ids) => battleRows(ctx, ids),
    appendActions: (owner, entries) => ctx.bus.appendJournals(owner, entries.map(({ battleId, action }) => ({ key: journalKey(battleId), entry: action }))),
    claimActions: async (owner, battleId) => (await ctx.bus.claimJournal(owner, journalKey(battleId))) as Action[],
    dropActions: (battleIds) => ctx.bus.dropJournals(battleIds.map(journalKey)),
    onJournalLost: (listener) => ctx.bus.onReconnect(() => listener()),
  };
}

/** Seats one matching pass locks at most. */
export const MATCH_BATCH = 200;
