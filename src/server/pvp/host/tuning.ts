/** How a room host paces its work behind the moves (pvp/host/room-host.ts). */
export interface HostTuning {
  /** How often due snapshots are written: those of changed rooms whose journal may miss actions. */
  flushMs: number;
  /** How old the snapshot of a changed room with a whole journal may grow. */
  snapshotEveryMs: number;
  /** How often this instance says it is alive and looks for battles to take over. */
  aliveEveryMs: number;
  /** How long the ghost thinks before it moves. */
  ghostThinkMs: number;
  /** How long a forwarded request waits for the owner's answer. */
  replyTimeoutMs: number;
  /** Counts the statements of each battle's end for /metrics (the app's `countStatements`). */
  countStatements: boolean;
  /**
   * How long an end waits for others to share its settlement (`battle_ended` comes that much
   * later, while the final blow still plays: a live beat is 450 ms). At 500 duels, 28
   * transactions for the ends of the move phase, 182 with 50 ms (docs/decisions.md 'The end is
   * written once').
   */
  settleGatherMs: number;
}

export const DEFAULT_HOST_TUNING: HostTuning = { flushMs: 10_000, snapshotEveryMs: 60_000, aliveEveryMs: 1000, ghostThinkMs: 700, replyTimeoutMs: 3000, countStatements: false, settleGatherMs: 150 };
