import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { matchQueue, notifyAll, sweepTimeouts, type BattleChange, type PvpClock, type Send } from '../services/pvp';

export const PVP_SWEEP_INTERVAL_MS = 2000;

/**
 * One sweep: ends the battles past their turn deadline, then pairs whoever still waits (the
 * allowed level gap widens with waiting time, so a player alone at join may be matchable now),
 * and tells the players of every change.
 */
export async function sweepPvpBattles(db: Db, send: Send, clock: PvpClock = {}): Promise<BattleChange[]> {
  const timing = { ...clock, now: clock.now ?? new Date() };
  const changes = [...(await sweepTimeouts(db, timing)), ...(await matchQueue(db, timing))];
  await notifyAll(db, send, changes);
  return changes;
}

export interface SweeperOptions {
  intervalMs?: number;
  turnMs?: number;
}

/** Sweeps every ~2 s on this instance (any instance may: rows are claimed with SKIP LOCKED); stops on close. */
export function startPvpSweeper(app: FastifyInstance, db: Db, { intervalMs = PVP_SWEEP_INTERVAL_MS, turnMs }: SweeperOptions = {}): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepPvpBattles(db, (userId, message) => app.gateway.sendToUser(userId, message), { turnMs })
      .catch((err: unknown) => app.log.warn({ err }, 'pvp sweep failed'))
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
