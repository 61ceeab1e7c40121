import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { notifyAll, sweepTimeouts, type BattleChange, type Send } from '../services/pvp';

export const PVP_SWEEP_INTERVAL_MS = 2000;

/** One sweep: ends the battles past their turn deadline and tells both players. */
export async function sweepPvpBattles(db: Db, send: Send, now = new Date()): Promise<BattleChange[]> {
  const changes = await sweepTimeouts(db, now);
  await notifyAll(db, send, changes);
  return changes;
}

/** Sweeps every ~2 s on this instance (any instance may: battles are claimed with SKIP LOCKED); stops on close. */
export function startPvpSweeper(app: FastifyInstance, db: Db, intervalMs = PVP_SWEEP_INTERVAL_MS): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepPvpBattles(db, (userId, message) => app.gateway.sendToUser(userId, message))
      .catch((err: unknown) => app.log.warn({ err }, 'pvp sweep failed'))
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
