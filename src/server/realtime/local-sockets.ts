import type { Connection, GatewayTuning } from './connection';
import { MessageBudget } from './connection';

/**
 * The sockets this instance holds, by player, with each player's message budget (shared by
 * their sockets, so opening more sockets buys no more messages).
 */
export class LocalSockets {
  private readonly byUser = new Map<number, Set<Connection>>();
  private readonly budgets = new Map<number, MessageBudget>();

  constructor(private readonly tuning: GatewayTuning) {}

  budgetOf(userId: number): MessageBudget {
    let budget = this.budgets.get(userId);
    if (!budget) this.budgets.set(userId, (budget = new MessageBudget(this.tuning.rateLimit)));
    return budget;
  }

  /** Adds a socket; answers the player's sockets here beyond the allowed number, oldest first. */
  add(conn: Connection): Connection[] {
    let sockets = this.byUser.get(conn.user.id);
    if (!sockets) this.byUser.set(conn.user.id, (sockets = new Set()));
    sockets.add(conn);
    const open = [...sockets].filter((c) => c.open).sort((a, b) => a.openedAt - b.openedAt);
    return open.slice(0, Math.max(0, open.length - this.tuning.maxSocketsPerPlayer));
  }

  /** Removes a socket; true when it was the player's last one here. */
  remove(conn: Connection): boolean {
    const sockets = this.byUser.get(conn.user.id);
    if (!sockets) return false;
    sockets.delete(conn);
    if (sockets.size > 0) return false;
    this.byUser.delete(conn.user.id);
    return true;
  }

  /** The player has been gone for the grace period: their budget is forgotten too. */
  forget(userId: number): void {
    if (!this.byUser.has(userId)) this.budgets.delete(userId);
  }

  of(userId: number): readonly Connection[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  find(userId: number, socketId: string): Connection | undefined {
    return this.of(userId).find((c) => c.id === socketId);
  }

  count(userId?: number): number {
    if (userId !== undefined) return this.byUser.get(userId)?.size ?? 0;
    let n = 0;
    for (const sockets of this.byUser.values()) n += sockets.size;
    return n;
  }

  all(): Connection[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }
}
