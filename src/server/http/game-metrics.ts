import { Counter, Gauge, type Registry } from 'prom-client';
import type { AppContext } from '../context';
import { uncounted } from '../db/client';
import type { RoomHost } from '../pvp/host/room-host';
import { creditFlowSince, lastLedgerId } from '../services/ledger';
import type { Outbox } from '../services/outbox';

export interface GameMetricsOptions {
  ctx: AppContext;
  rooms: RoomHost;
  outbox: Outbox;
  registry: Registry;
  /** Ledger rows younger than this are left for the next scrape (see `creditFlowSince`); tests use 0. */
  ledgerSettleMs?: number;
}

/**
 * The game's own figures for the dashboard and the alerts (deploy/grafana, deploy/prometheus):
 * the outbox's backlog and lag, credits minted and burned, PvP battles taken over. The outbox
 * and the ledger are read from the database at scrape time, so they are the same on every
 * instance (the dashboard takes the max over instances); takeovers are this instance's.
 */
export function registerGameMetrics({ ctx, rooms, outbox, registry, ledgerSettleMs = process.env.NODE_ENV === 'test' ? 0 : 30_000 }: GameMetricsOptions): void {
  // One read of the outbox per scrape, shared by its three gauges.
  let backlog: ReturnType<Outbox['backlog']> | null = null;
  const readBacklog = () => (backlog ??= outbox.backlog().finally(() => setTimeout(() => (backlog = null), 0)));
  new Gauge({ name: 'ga_outbox_pending_events', help: 'Domain events written and not handled yet (every instance)', registers: [registry], async collect() {
    this.set((await readBacklog()).pending);
  } });
  new Gauge({ name: 'ga_outbox_lag_seconds', help: 'Age of the oldest domain event not handled yet, 0 with none', registers: [registry], async collect() {
    this.set((await readBacklog()).oldestSeconds);
  } });
  new Gauge({ name: 'ga_outbox_set_aside_events', help: 'Domain events set aside after failing every attempt (need a look)', registers: [registry], async collect() {
    this.set((await readBacklog()).setAside);
  } });

  // Counted from the ledger rows written since this instance started (every instance's rows),
  // read once per scrape (the first of the two counters to be collected asks).
  let lastId: Promise<number> | null = null;
  let reading: Promise<void> | null = null;
  const readLedger = async () => {
    const start = await (lastId ??= uncounted(() => lastLedgerId(ctx.db)));
    const { lastId: next, flows } = await uncounted(() => creditFlowSince(ctx.db, start, ledgerSettleMs));
    lastId = Promise.resolve(next);
    for (const flow of flows) {
      if (flow.minted > 0) minted.inc({ reason: flow.reason }, flow.minted);
      if (flow.burned > 0) burned.inc({ reason: flow.reason }, flow.burned);
    }
  };
  const collectLedger = () => (reading ??= readLedger().finally(() => setTimeout(() => (reading = null), 0)));
  const minted = new Counter({ name: 'ga_credits_minted_total', help: 'Credits added to balances, by ledger reason (a sale counts for the seller)', labelNames: ['reason'] as const, registers: [registry], collect: collectLedger });
  const burned = new Counter({ name: 'ga_credits_burned_total', help: 'Credits taken from balances, by ledger reason (a sale counts for the buyer)', labelNames: ['reason'] as const, registers: [registry], collect: collectLedger });
  // The starting point is taken now, so credits moved before the first scrape are counted too.
  void collectLedger().catch((err: unknown) => ctx.log.warn({ err }, 'could not read the ledger for /metrics'));

  new Counter({ name: 'ga_pvp_takeovers_total', help: 'PvP battles this instance took over from an instance that stopped renewing its lease', registers: [registry], collect() {
    this.reset();
    this.inc(rooms.stats.takenOver);
  } });
}
