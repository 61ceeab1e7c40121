import { and, asc, count, eq, inArray, lte, or } from 'drizzle-orm';
import { PVP_COOLDOWN_MS, PVP_TURN_MS } from '@common/constants';
import type {
  PvpBattleEndedView,
  PvpBattleView,
  PvpFighterView,
  PvpMove,
  PvpRewardsView,
  PvpVariant,
  QueueStatusView,
  RealtimeBattleView,
} from '@common/pvp';
import type { ServerMessage } from '@common/ws-messages';
import type { Db, Executor, Tx } from '../db/client';
import { characters, users } from '../db/schema';
import { pvpBattles, pvpQueue } from '../db/schema-pvp';
import {
  applyMove,
  concede,
  moveRng,
  pairQueue,
  startBattle,
  type PvpEndReason,
  type PvpSide,
  type PvpState,
  type SideIndex,
} from '../domain/pvp';
import { applyExperience, cooldownMessage, cooldownRemainingMs, pvpRewards } from '../domain/progression';
import { announceLevelUp, announcePvpVictory } from './chat';
import { assertNotListed, ownedCharacter, refreshPlayerStanding, viewsOf } from './characters';
import type { CharacterRow } from './character-view';
import { badRequest, conflict, forbidden, notFound, tooMany } from './errors';
import { creditGuildVictory } from './guilds-members';
import { moveCredits } from './ledger';
import { fighterFrom, loadoutsOf } from './loadout';
import { newSeed } from './seeds';
import type { Fighter } from '../domain/battle';

/**
 * PvP (DESIGN §4, §5): queue rows and battles live in the database and are claimed with
 * FOR UPDATE SKIP LOCKED, so any instance can match players, apply moves and end battles.
 * Functions return what happened; `notify*` turn it into socket messages for both players.
 */

export type BattleRow = typeof pvpBattles.$inferSelect;
export type Send = (userId: number, message: ServerMessage) => Promise<void>;

export interface EndedInfo {
  winner: number;
  loser: number;
  reason: PvpEndReason;
  rewards: Record<number, PvpRewardsView>;
  /** For the announcements once committed. */
  winnerCharacter: string;
  loserCharacter: string;
  levelUps: { userId: number; name: string; level: number }[];
}

/** What a change did to a battle: the row after it, the new log entries and the end, if any. */
export interface BattleChange {
  battle: BattleRow;
  kind: 'matched' | 'move' | 'ended';
  messages: string[];
  ended: EndedInfo | null;
}

/** When an operation happens and how long the next turn lasts (PVP_TURN_SECONDS; tests shorten it). */
export interface PvpClock {
  now?: Date;
  turnMs?: number;
}

const clockOf = (clock: PvpClock) => ({ now: clock.now ?? new Date(), turnMs: clock.turnMs ?? PVP_TURN_MS });

const ESTIMATED_WAIT_PER_POSITION_S = 5;
const SWEEP_BATCH = 20;
/** Queue rows one matcher claims at a time. */
export const MATCH_BATCH = 200;

const activeOf = (userId: number) =>
  and(eq(pvpBattles.status, 'active'), or(eq(pvpBattles.player1UserId, userId), eq(pvpBattles.player2UserId, userId)));

async function activeBattleOf(db: Executor, userId: number, lock = false): Promise<BattleRow | undefined> {
  const query = db.select().from(pvpBattles).where(activeOf(userId)).orderBy(asc(pvpBattles.id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

async function characterRows(db: Executor, ids: number[], lock = false): Promise<Map<number, CharacterRow>> {
  const query = db.select().from(characters).where(inArray(characters.id, ids)).orderBy(asc(characters.id));
  const rows = lock ? await query.for('update') : await query;
  return new Map(rows.map((r) => [r.id, r]));
}

/** Rebuilds the domain state of a stored battle. */
async function fightersOf(db: Executor, row: BattleRow): Promise<[Fighter, Fighter]> {
  if (row.fighter1 && row.fighter2) return [row.fighter1, row.fighter2];
  // A battle stored before fighters were kept with it: rebuild them from the characters.
  const ids = [row.player1CharacterId, row.player2CharacterId];
  const chars = await characterRows(db, ids);
  const loadouts = await loadoutsOf(db, ids);
  const one = (id: number) => fighterFrom(chars.get(id)!, loadouts.get(id));
  return [one(row.player1CharacterId), one(row.player2CharacterId)];
}

async function stateOf(db: Executor, row: BattleRow): Promise<PvpState> {
  const [fighter1, fighter2] = await fightersOf(db, row);
  const side = (fighter: Fighter, hp: number, max: number, defending: boolean, specialCooldown: number): PvpSide => ({
    fighter,
    hp,
    maxHp: max,
    defending,
    specialCooldown,
  });
  const a = side(fighter1, row.hp1, row.maxHp1, row.defending1, row.specialCooldown1);
  const b = side(fighter2, row.hp2, row.maxHp2, row.defending2, row.specialCooldown2);
  const winner = row.winner === null ? null : row.winner === row.player1UserId ? 0 : 1;
  return {
    variant: row.variant,
    sides: [a, b],
    current: row.currentTurn === row.player1UserId ? 0 : 1,
    turnCount: row.turnCount,
    winner,
    reason: row.reason,
    log: row.log,
  };
}

const userOfSide = (row: BattleRow, i: SideIndex) => (i === 0 ? row.player1UserId : row.player2UserId);
const sideOfUser = (row: BattleRow, userId: number): SideIndex | null =>
  row.player1UserId === userId ? 0 : row.player2UserId === userId ? 1 : null;

/** Writes the state back; finishing (rewards) when the state has a winner. */
async function saveState(
  tx: Tx,
  row: BattleRow,
  state: PvpState,
  { now, turnMs }: Required<PvpClock>,
): Promise<{ battle: BattleRow; ended: EndedInfo | null }> {
  const [a, b] = state.sides;
  const values = {
    hp1: a.hp,
    hp2: b.hp,
    defending1: a.defending,
    defending2: b.defending,
    specialCooldown1: a.specialCooldown,
    specialCooldown2: b.specialCooldown,
    currentTurn: userOfSide(row, state.current),
    turnCount: state.turnCount,
    turnDeadline: new Date(now.getTime() + turnMs),
    log: state.log,
  };
  if (state.winner === null) {
    const [updated] = await tx.update(pvpBattles).set(values).where(eq(pvpBattles.id, row.id)).returning();
    return { battle: updated!, ended: null };
  }
  const winner = userOfSide(row, state.winner);
  const loser = userOfSide(row, state.winner === 0 ? 1 : 0);
  const [updated] = await tx
    .update(pvpBattles)
    .set({ ...values, status: 'completed', winner, reason: state.reason, endedAt: now })
    .where(eq(pvpBattles.id, row.id))
    .returning();
  const ended = await payRewards(tx, updated!, winner, loser, state.reason ?? 'knockout', now);
  return { battle: updated!, ended };
}

async function payRewards(tx: Tx, row: BattleRow, winner: number, loser: number, reason: PvpEndReason, now: Date): Promise<EndedInfo> {
  const winnerCharId = winner === row.player1UserId ? row.player1CharacterId : row.player2CharacterId;
  const loserCharId = winner === row.player1UserId ? row.player2CharacterId : row.player1CharacterId;
  const chars = await characterRows(tx, [winnerCharId, loserCharId], true);
  // Then both players in id order, as a marketplace purchase between the same two does.
  await tx.select({ id: users.id }).from(users).where(inArray(users.id, [winner, loser])).orderBy(asc(users.id)).for('update');
  const w = chars.get(winnerCharId)!;
  const l = chars.get(loserCharId)!;
  const rewards = pvpRewards(l.level);
  const levelUps: EndedInfo['levelUps'] = [];
  const grant = async (c: CharacterRow, experience: number, won: boolean) => {
    const gain = applyExperience(c, experience);
    await tx
      .update(characters)
      .set({
        level: gain.level,
        experience: gain.experience,
        statPoints: c.statPoints + gain.statPointsGained,
        skillPoints: c.skillPoints + gain.skillPointsGained,
        wins: c.wins + (won ? 1 : 0),
        losses: c.losses + (won ? 0 : 1),
        lastPvpBattleAt: now,
      })
      .where(eq(characters.id, c.id));
    if (gain.levelsGained > 0) levelUps.push({ userId: c.userId, name: c.name, level: gain.level });
  };
  await grant(w, rewards.winner.experience, true);
  await grant(l, rewards.loser.experience, false);
  if (rewards.winner.credits > 0) {
    await moveCredits(tx, { userId: winner, delta: rewards.winner.credits, reason: 'pvp_reward', reference: `pvp_battle:${row.id}` });
  }
  await creditGuildVictory(tx, winner, 'pvp');
  await refreshPlayerStanding(tx, winner);
  await refreshPlayerStanding(tx, loser);
  return {
    winner,
    loser,
    reason,
    rewards: { [winner]: rewards.winner, [loser]: rewards.loser },
    winnerCharacter: w.name,
    loserCharacter: l.name,
    levelUps,
  };
}

/** System chat once committed; an announcement never fails the battle. */
async function announce(db: Db, ended: EndedInfo | null): Promise<void> {
  if (!ended) return;
  await announcePvpVictory(db, ended.winner, ended.winnerCharacter, ended.loserCharacter);
  for (const up of ended.levelUps) await announceLevelUp(db, up.userId, up.name, up.level);
}

// ---------------------------------------------------------------- queue

export interface JoinResult {
  position: number;
  estimatedWait: number;
}

/** Joins the queue of a variant; matching is the caller's next step (see realtime/pvp-matcher). */
export async function joinQueue(
  db: Db,
  userId: number,
  characterId: number,
  variant: PvpVariant,
  clock: PvpClock = {},
): Promise<JoinResult> {
  const { now } = clockOf(clock);
  await db.transaction(async (tx) => {
    // The player's queue row (if any) before the character, the order matching locks them in:
    // a second join racing the match that pairs this player then waits instead of deadlocking.
    await tx.select({ userId: pvpQueue.userId }).from(pvpQueue).where(eq(pvpQueue.userId, userId)).for('update');
    const row = await ownedCharacter(tx, userId, characterId, true);
    await assertNotListed(tx, characterId, 'queue');
    if (await activeBattleOf(tx, userId)) throw conflict('You are already in a battle');
    const remaining = cooldownRemainingMs(row.lastPvpBattleAt, now, PVP_COOLDOWN_MS);
    if (remaining > 0) throw tooMany(cooldownMessage('PvP', remaining));
    const inserted = await tx
      .insert(pvpQueue)
      .values({ userId, characterId, variant, level: row.level, joinedAt: now })
      .onConflictDoNothing()
      .returning({ userId: pvpQueue.userId });
    if (inserted.length === 0) throw conflict('You are already in the queue');
  });
  const position = (await positionOf(db, userId)) ?? 1;
  return { position, estimatedWait: position * ESTIMATED_WAIT_PER_POSITION_S };
}

export async function leaveQueue(db: Db, userId: number): Promise<boolean> {
  const removed = await db.delete(pvpQueue).where(eq(pvpQueue.userId, userId)).returning({ userId: pvpQueue.userId });
  return removed.length > 0;
}

async function positionOf(db: Executor, userId: number): Promise<number | null> {
  const [mine] = await db.select().from(pvpQueue).where(eq(pvpQueue.userId, userId)).limit(1);
  if (!mine) return null;
  const [ahead] = await db
    .select({ n: count() })
    .from(pvpQueue)
    .where(and(eq(pvpQueue.variant, mine.variant), lte(pvpQueue.joinedAt, mine.joinedAt)));
  return ahead?.n ?? 1;
}

/**
 * Pairs whoever is waiting and creates their battles. Rows are claimed oldest first, at most
 * MATCH_BATCH at a time, with SKIP LOCKED: matchers running at once (every join runs one, and
 * every instance's sweeper) take disjoint batches and create battles in parallel. A whole batch
 * costs a fixed handful of queries: fighters and battles are loaded and written in bulk.
 */
export async function matchQueue(db: Db, clock: PvpClock = {}): Promise<BattleChange[]> {
  const { now, turnMs } = clockOf(clock);
  return db.transaction(async (tx) => {
    const waiting = await tx
      .select()
      .from(pvpQueue)
      .orderBy(asc(pvpQueue.joinedAt))
      .limit(MATCH_BATCH)
      .for('update', { skipLocked: true });
    const pairs = pairQueue(waiting, now);
    if (pairs.length === 0) return [];
    await tx.delete(pvpQueue).where(inArray(pvpQueue.userId, pairs.flat().map((e) => e.userId)));
    const ids = pairs.flat().map((e) => e.characterId);
    const chars = await characterRows(tx, ids);
    const loadouts = await loadoutsOf(tx, ids);
    const values: (typeof pvpBattles.$inferInsert)[] = [];
    for (const [first, second] of pairs) {
      const a = chars.get(first.characterId);
      const b = chars.get(second.characterId);
      // A character sold or gone since joining drops both from the queue; they may join again.
      if (!a || !b || a.userId !== first.userId || b.userId !== second.userId) continue;
      const seed = newSeed();
      const fighter1 = fighterFrom(a, loadouts.get(a.id));
      const fighter2 = fighterFrom(b, loadouts.get(b.id));
      const state = startBattle(first.variant, fighter1, fighter2, seed);
      values.push({
        fighter1,
        fighter2,
        variant: first.variant,
        player1UserId: first.userId,
        player1CharacterId: a.id,
        player2UserId: second.userId,
        player2CharacterId: b.id,
        hp1: state.sides[0].hp,
        hp2: state.sides[1].hp,
        maxHp1: state.sides[0].maxHp,
        maxHp2: state.sides[1].maxHp,
        currentTurn: state.current === 0 ? first.userId : second.userId,
        turnDeadline: new Date(now.getTime() + turnMs),
        seed,
        createdAt: now,
      });
    }
    if (values.length === 0) return [];
    const battles = await tx.insert(pvpBattles).values(values).returning();
    return battles.map((battle): BattleChange => ({ battle, kind: 'matched', messages: [], ended: null }));
  });
}

// ---------------------------------------------------------------- moves

async function lockBattle(tx: Tx, userId: number, battleId?: number): Promise<BattleRow> {
  if (battleId === undefined) {
    const row = await activeBattleOf(tx, userId, true);
    if (!row) throw notFound('You are not in a battle');
    return row;
  }
  const [row] = await tx.select().from(pvpBattles).where(eq(pvpBattles.id, battleId)).for('update');
  if (!row) throw notFound('Battle not found');
  if (sideOfUser(row, userId) === null) throw forbidden('This battle is not yours');
  if (row.status !== 'active') throw conflict('This battle is over');
  return row;
}

/** The player's move in their running battle (or in `battleId`). */
export async function makeMove(
  db: Db,
  userId: number,
  move: PvpMove,
  { battleId, ...clock }: PvpClock & { battleId?: number } = {},
): Promise<BattleChange> {
  const change = await db.transaction(async (tx) => {
    const row = await lockBattle(tx, userId, battleId);
    if (row.currentTurn !== userId) throw conflict('Not your turn');
    const state = await stateOf(tx, row);
    const result = applyMove(state, move, moveRng(row.seed, row.turnCount));
    if (!result.ok) throw badRequest(result.message);
    const saved = await saveState(tx, row, result.state, clockOf(clock));
    return { ...saved, kind: saved.ended ? 'ended' : 'move', messages: result.entries.map((e) => e.message) } satisfies BattleChange;
  });
  await announce(db, change.ended);
  return change;
}

/** The player gives up their running battle (or `battleId`). */
export async function forfeit(db: Db, userId: number, { battleId, ...clock }: PvpClock & { battleId?: number } = {}): Promise<BattleChange> {
  const change = await db.transaction(async (tx) => {
    const row = await lockBattle(tx, userId, battleId);
    const state = concede(await stateOf(tx, row), sideOfUser(row, userId)!, 'forfeit');
    const saved = await saveState(tx, row, state, clockOf(clock));
    return { ...saved, kind: 'ended', messages: [state.log.at(-1)!.message] } satisfies BattleChange;
  });
  await announce(db, change.ended);
  return change;
}

/** Ends battles whose turn deadline has passed: the idle player forfeits. Claimed with SKIP LOCKED. */
export async function sweepTimeouts(db: Db, clock: PvpClock = {}): Promise<BattleChange[]> {
  const timing = clockOf(clock);
  const { now } = timing;
  const changes: BattleChange[] = [];
  // One battle per transaction: ending a battle locks its characters, then its players' rows.
  // Ending several in one transaction would hold the first battle's players while locking the
  // next battle's characters, the reverse of a marketplace purchase (character, then owners).
  for (let i = 0; i < SWEEP_BATCH; i++) {
    const change = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(pvpBattles)
        .where(and(eq(pvpBattles.status, 'active'), lte(pvpBattles.turnDeadline, now)))
        .orderBy(asc(pvpBattles.turnDeadline))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return null;
      const state = await stateOf(tx, row);
      const ended = concede(state, state.current, 'timeout');
      const saved = await saveState(tx, row, ended, timing);
      return { ...saved, kind: 'ended', messages: [ended.log.at(-1)!.message] } satisfies BattleChange;
    });
    if (!change) break;
    changes.push(change);
    await announce(db, change.ended);
  }
  return changes;
}

// ---------------------------------------------------------------- views

/** Views of several battles in four queries (characters, listings, loadouts, usernames). */
export async function battleViews(db: Executor, rows: BattleRow[]): Promise<Map<number, PvpBattleView>> {
  const views = new Map<number, PvpBattleView>();
  if (rows.length === 0) return views;
  const chars = await characterRows(db, rows.flatMap((r) => [r.player1CharacterId, r.player2CharacterId]));
  const charViews = await viewsOf(db, [...chars.values()]);
  const byId = new Map(charViews.map((v) => [v.id, v]));
  const userIds = [...new Set(rows.flatMap((r) => [r.player1UserId, r.player2UserId]))];
  const names = new Map(
    (await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, userIds))).map((u) => [u.id, u.username]),
  );
  for (const row of rows) {
    const fighter = (userId: number, characterId: number, hp: number, maxHp: number): PvpFighterView => ({
      id: userId,
      username: names.get(userId) ?? '',
      character: byId.get(characterId)!,
      hp,
      maxHp,
    });
    views.set(row.id, {
      id: row.id,
      variant: row.variant,
      status: row.status,
      player1: fighter(row.player1UserId, row.player1CharacterId, row.hp1, row.maxHp1),
      player2: fighter(row.player2UserId, row.player2CharacterId, row.hp2, row.maxHp2),
      currentTurn: row.currentTurn,
      turnCount: row.turnCount,
      turnDeadline: row.turnDeadline.toISOString(),
      battleLog: row.log,
      specialCooldown: { [row.player1UserId]: row.specialCooldown1, [row.player2UserId]: row.specialCooldown2 },
      winner: row.winner,
    });
  }
  return views;
}

export async function battleView(db: Executor, row: BattleRow): Promise<PvpBattleView> {
  return (await battleViews(db, [row])).get(row.id)!;
}

/** The real-time page's view of a battle, for one of its players. */
export function realtimeView(view: PvpBattleView, userId: number, status: RealtimeBattleView['status'] = view.status): RealtimeBattleView {
  const [mine, theirs] = view.player1.id === userId ? [view.player1, view.player2] : [view.player2, view.player1];
  return {
    battleId: view.id,
    status,
    opponent: { username: theirs.username, character: theirs.character, hp: theirs.hp, maxHP: theirs.maxHp },
    yourCharacter: { character: mine.character, hp: mine.hp, maxHP: mine.maxHp, wins: mine.character.wins, losses: mine.character.losses },
    yourSlot: view.player1.id === userId ? 'player1' : 'player2',
    yourTurn: view.status === 'active' && view.currentTurn === userId,
    turnDeadline: view.status === 'active' ? view.turnDeadline : null,
    winner: view.winner,
  };
}

export async function queueStatus(db: Db, userId: number, now = new Date()): Promise<QueueStatusView> {
  const [mine] = await db.select().from(pvpQueue).where(eq(pvpQueue.userId, userId)).limit(1);
  const [queued] = await db.select({ n: count() }).from(pvpQueue);
  const [active] = await db.select({ n: count() }).from(pvpBattles).where(eq(pvpBattles.status, 'active'));
  const battle = await activeBattleOf(db, userId);
  return {
    queueTime: mine ? Math.max(0, Math.floor((now.getTime() - mine.joinedAt.getTime()) / 1000)) : 0,
    playersInQueue: queued?.n ?? 0,
    activeBattles: active?.n ?? 0,
    inQueue: Boolean(mine),
    position: mine ? await positionOf(db, userId) : null,
    battle: battle ? await battleView(db, battle) : null,
  };
}

/** The socket answer to `pvp_state`: the running battle, the queue place, or nothing. */
export async function currentStateMessage(db: Db, userId: number): Promise<ServerMessage> {
  const battle = await activeBattleOf(db, userId);
  if (battle) {
    const view = await battleView(db, battle);
    return battle.variant === 'realtime' ? { type: 'battle_started', battle: realtimeView(view, userId) } : { type: 'battle_turn', battle: view };
  }
  const position = await positionOf(db, userId);
  if (position !== null) return { type: 'queue_joined', position, estimatedWait: position * ESTIMATED_WAIT_PER_POSITION_S };
  return { type: 'queue_left' };
}

// ---------------------------------------------------------------- notifications

/** Sends both players what a change means on their page; failures are left to the caller's log. */
async function notifyChange(send: Send, change: BattleChange, loaded: PvpBattleView | undefined): Promise<void> {
  const row = change.battle;
  const view = (): PvpBattleView => {
    if (!loaded) throw new Error(`battle ${row.id}: view needed but not loaded`);
    return loaded;
  };
  const players = [row.player1UserId, row.player2UserId];
  const endedFor = (userId: number): PvpBattleEndedView | null =>
    change.ended
      ? {
          battleId: row.id,
          winner: change.ended.winner,
          rewards: change.ended.rewards[userId] ?? { experience: 0, credits: 0 },
          reason: change.ended.reason,
          battle: view(),
        }
      : null;
  for (const userId of players) {
    const ended = endedFor(userId);
    if (row.variant === 'queue') {
      await send(userId, { type: change.kind === 'matched' ? 'battle_matched' : 'battle_turn', battle: view() });
      if (ended) await send(userId, { type: 'battle_ended', ...ended });
      continue;
    }
    if (change.kind === 'matched') {
      await send(userId, { type: 'battle_found', battle: realtimeView(view(), userId, 'waiting') });
      await send(userId, { type: 'battle_started', battle: realtimeView(view(), userId, 'active') });
      continue;
    }
    for (const message of change.messages) {
      await send(userId, { type: 'battle_action', battleId: row.id, turn: row.turnCount, player1HP: row.hp1, player2HP: row.hp2, message });
    }
    if (ended) await send(userId, { type: 'battle_ended', ...ended });
    else await send(userId, { type: 'turn_changed', battleId: row.id, yourTurn: row.currentTurn === userId, turnDeadline: row.turnDeadline.toISOString() });
  }
}

/**
 * Whether the players' messages for a change carry the whole battle view: everything but a
 * real-time move, whose battle_action and turn_changed come from the row alone (the hot path).
 */
const needsView = (change: BattleChange) => change.battle.variant === 'queue' || change.kind !== 'move' || change.ended !== null;

/**
 * Notifies every change, reading the views of all their battles at once; returns those views
 * (by battle id) so a caller answering with one need not read it again.
 */
export async function notifyAll(db: Db, send: Send, changes: BattleChange[]): Promise<Map<number, PvpBattleView>> {
  const views = await battleViews(db, changes.filter(needsView).map((c) => c.battle));
  for (const change of changes) await notifyChange(send, change, views.get(change.battle.id));
  return views;
}
