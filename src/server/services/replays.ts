import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { other, type EndReason, type Side } from '@common/battle-events';
import { formatLog } from '@common/battle-text';
import { BATTLE_HISTORY_SIZE, type BattleHistoryEntry, type BattleKind, type ReplayView } from '@common/replays';
import type { AppContext } from '../context';
import { rowsOf, type Executor } from '../db/client';
import { replays, type ReplaySide } from '../db/schema-replays';
import { isNoContest } from '../domain/engine';
import { replayBattle, type BattleRecord } from '../domain/engine-replay';
import { ownedCharacter } from './characters';
import { notFound } from '../errors';

/** A battle to store: what the engine needs to play it again, who played it, and how it ended. */
export interface NewReplay {
  kind: BattleKind;
  record: BattleRecord;
  sides: [ReplaySide, ReplaySide];
  winner: Side;
  reason: EndReason;
  createdAt: Date;
}

const NOBODY: ReplaySide = { characterId: null, userId: null, username: null, characterAvatar: null, imageSet: null, sprite: null };

/** How a character's side is shown (an enemy or a guild fighter gives only what it has). */
export function replaySide(side: Partial<ReplaySide>): ReplaySide {
  return { ...NOBODY, ...side };
}

/**
 * The insert of one battle as SQL answering its `id`, for a statement that writes more in the same
 * round trip: `with r as (${replayInsert(battle)}) ...`.
 */
export function replayInsert(b: NewReplay): SQL {
  return replaysInsert([b]);
}

/** The columns a replay is written with, in the order the inserts' selects give them (here and in a PvP settlement). */
export const REPLAY_COLUMNS = sql.raw('(kind, rules, seed, fighters, sides, inputs, character1_id, character2_id, winner, reason, created_at)');

/**
 * The insert of several battles, answering `id` and `character1_id` of each (in no set order).
 * The rows travel as one JSON parameter, so the statement's text is the same for any number of
 * battles and building it costs the same as for one.
 */
export function replaysInsert(battles: readonly NewReplay[]): SQL {
  const rows = battles.map((b) => ({
    kind: b.kind,
    rules: b.record.rules,
    seed: b.record.seed,
    fighters: b.record.fighters,
    sides: b.sides,
    inputs: b.record.inputs,
    character1_id: b.sides[0].characterId,
    character2_id: b.sides[1].characterId,
    winner: b.winner,
    reason: b.reason,
    created_at: b.createdAt.toISOString(),
  }));
  return sql`insert into ${replays} ${REPLAY_COLUMNS}
    select b.kind, b.rules, b.seed, b.fighters, b.sides, b.inputs, b.character1_id, b.character2_id, b.winner, b.reason, b.created_at
    from json_to_recordset(${JSON.stringify(rows)}::json) as b(kind text, rules text, seed bigint, fighters jsonb, sides jsonb, inputs jsonb,
      character1_id int, character2_id int, winner smallint, reason text, created_at timestamptz)
    returning id, character1_id`;
}

/**
 * Stores battles in the caller's transaction (one statement, however many); answers their ids in
 * order: the rows are inserted in the order of the JSON array, and answered in the order inserted.
 */
export async function storeReplays(db: Executor, battles: readonly NewReplay[]): Promise<number[]> {
  if (battles.length === 0) return [];
  return rowsOf<{ id: number | string }>(await db.execute(replaysInsert(battles))).map((r) => Number(r.id));
}

/**
 * `GET /api/replays/{id}`: any signed-in player may watch any battle (a replay is for sharing).
 * The events and the log are rebuilt by the engine from the stored seed, fighters and actions.
 */
export async function getReplay({ db }: AppContext, id: number): Promise<ReplayView> {
  const [row] = await db.select().from(replays).where(eq(replays.id, id)).limit(1);
  if (!row) throw notFound('Replay not found');
  const { events, state } = replayBattle({ rules: row.rules, fighters: row.fighters, seed: row.seed, inputs: row.inputs });
  const start = events[0];
  if (start?.type !== 'start') throw new Error(`replay ${id} did not start`);
  const fighter = (side: Side) => ({ ...start.fighters[side], ...showOf(row.sides[side]) });
  return {
    id: row.id,
    kind: row.kind,
    createdAt: row.createdAt.toISOString(),
    fighters: [fighter(0), fighter(1)],
    events,
    log: formatLog(events),
    winner: row.winner === 0 ? 0 : 1,
    reason: row.reason as EndReason,
    // Only a duel can be no contest: the computer plays both sides of the others to the end.
    noContest: row.kind === 'pvp' && isNoContest(state),
  };
}

function showOf(side: ReplaySide) {
  return {
    characterId: side.characterId,
    username: side.username,
    characterAvatar: side.characterAvatar,
    imageSet: side.imageSet,
    sprite: side.sprite,
  };
}

/** `GET /api/characters/{id}/battles`: the character's last 20 battles; the owner's only (403 otherwise). */
export async function characterBattles({ db }: AppContext, userId: number, characterId: number): Promise<BattleHistoryEntry[]> {
  await ownedCharacter(db, userId, characterId);
  // Each side's index gives its newest battles; the two short lists are merged.
  const columns = {
    id: replays.id,
    kind: replays.kind,
    fighters: replays.fighters,
    sides: replays.sides,
    winner: replays.winner,
    reason: replays.reason,
    createdAt: replays.createdAt,
    mySide: sql<number>`0`,
  };
  const asFirst = db.select(columns).from(replays).where(eq(replays.character1Id, characterId)).orderBy(desc(replays.createdAt)).limit(BATTLE_HISTORY_SIZE);
  const asSecond = db
    .select({ ...columns, mySide: sql<number>`1` })
    .from(replays)
    .where(eq(replays.character2Id, characterId))
    .orderBy(desc(replays.createdAt))
    .limit(BATTLE_HISTORY_SIZE);
  const rows = [...(await asFirst), ...(await asSecond)]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
    .slice(0, BATTLE_HISTORY_SIZE);
  return rows.map((row) => {
    const mine: Side = Number(row.mySide) === 1 ? 1 : 0;
    const theirs = other(mine);
    const opponent = row.fighters[theirs];
    return {
      replayId: row.id,
      kind: row.kind,
      opponent: { name: opponent.name, class: opponent.class, level: opponent.level, username: row.sides[theirs].username },
      result: row.winner === mine ? 'victory' : 'defeat',
      reason: row.reason as EndReason,
      date: row.createdAt.toISOString(),
    };
  });
}
