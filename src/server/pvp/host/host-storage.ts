import type { Log } from '../../context';
import { batchedCalls } from '../../db/batch';
import { countStatements } from '../../db/client';
import type { Action } from '../../domain/engine';
import { AppError } from '../../errors';
import type { PvpStore } from '../ports';
import type { BattleRoom, RoomStorage } from '../room/battle-room';
import type { Settlement } from '../room/protocol';
import { MOVING_MESSAGE } from '../transport';
import { settleInputOf } from './settle-input';
import type { Snapshots } from './snapshots';

/**
 * What an instance's rooms keep, through its store: the actions of one turn of the event loop go
 * to the journal in one round trip, the ends of `settleGatherMs` (and those that arrive while a
 * settlement is being written) in one transaction (retried while the database is away), and
 * changed rooms, and rooms whose append failed, are told to the snapshots.
 */
export class HostStorage implements RoomStorage {
  /** What /metrics counts: actions kept, battles ended, their statements, battles taken over from a dead instance. */
  readonly stats = { actions: 0, ended: 0, endStatements: 0, takenOver: 0 };
  stopped = false;
  private readonly appendOne: (entry: { battleId: number; action: Action }) => Promise<boolean>;
  private readonly settleBatched: (room: BattleRoom) => Promise<Settlement>;
  private readonly dropBatched: (battleId: number) => Promise<void>;

  constructor(
    store: PvpStore,
    owner: string,
    private readonly snapshots: Snapshots,
    private readonly log: Log,
    { countStatements: counting, settleGatherMs }: { countStatements: boolean; settleGatherMs: number },
  ) {
    this.appendOne = batchedCalls(async (entries) => {
      try {
        return (await store.appendActions(owner, entries)).map((value) => ({ value }));
      } catch (err) {
        // The journal is away (a Redis outage): play on; the snapshot keeps the battle meanwhile.
        log.warn({ err }, 'pvp journal append failed');
        snapshots.journalFailed(entries.map((e) => e.battleId));
        return entries.map(() => ({ value: true }));
      }
    });
    this.settleBatched = batchedCalls(async (rooms: BattleRoom[]) => {
      const counter = { statements: 0 };
      const settle = () => store.settle(rooms.map(settleInputOf));
      const settled = counting ? await countStatements(counter, settle) : await settle();
      this.stats.ended += rooms.length;
      this.stats.endStatements += counter.statements;
      return settled.map((value) => ({ value }));
      // While one transaction writes ends, the ends that arrive meanwhile wait and go together.
    }, { oneAtATime: true, gatherMs: settleGatherMs });
    this.dropBatched = batchedCalls(async (ids: number[]) => {
      await store.dropActions(ids);
      return ids.map(() => ({ value: undefined }));
    });
  }

  async append(room: BattleRoom, action: Action): Promise<boolean> {
    const kept = await this.appendOne({ battleId: room.id, action });
    if (kept) this.stats.actions += 1;
    return kept;
  }

  changed(room: BattleRoom): void {
    this.snapshots.changed(room.id);
  }

  /** A settled battle's journal is no longer needed (those of one turn go in one call). */
  forget(room: BattleRoom): void {
    void this.dropBatched(room.id).catch((err: unknown) => this.log.warn({ err, battleId: room.id }, 'pvp journal not dropped'));
  }

  /** Writes the end, again and again while the database is away, until it is written or the instance stops. */
  async settle(room: BattleRoom): Promise<Settlement> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.settleBatched(room);
      } catch (err) {
        this.log.warn({ err, battleId: room.id, attempt }, 'pvp battle could not be settled yet');
        // Shutting down: the battle stays running in the database, and another instance settles it.
        if (this.stopped) throw new AppError(409, MOVING_MESSAGE);
        await new Promise((resolve) => setTimeout(resolve, Math.min(5000, 200 * 2 ** attempt)).unref());
      }
    }
  }
}
