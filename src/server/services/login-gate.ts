import { LOGIN_MAX_WAITING, LOGIN_MAX_WAITING_PER_ACCOUNT } from '../domain/accounts';

/** Waits `ms` milliseconds. The app's is a timer; tests hand in their own so no wall time passes. */
export type Sleep = (ms: number) => Promise<void>;

export const timerSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export interface LoginGateOptions {
  sleep: Sleep;
  /** Attempts on one account that may wait at once (at most one of them per address). */
  maxWaitingPerAccount: number;
  /** Attempts that may wait at once over all accounts. */
  maxWaiting: number;
}

/**
 * Where login attempts on an account at its failure ceiling wait before their password is
 * checked (services/accounts.ts, docs/decisions.md 'Accounts'). The wait is a timer in this
 * process: it holds no database connection, lock or password hash. So that nobody can pile up
 * waiting requests, at most `maxWaitingPerAccount` attempts wait on an account at once, one per
 * address, and `maxWaiting` over all accounts; an attempt beyond that is refused (the caller
 * answers 429 with Retry-After). Counted per instance, like the socket message budget.
 */
export class LoginGate {
  private readonly sleep: Sleep;
  private readonly maxWaitingPerAccount: number;
  private readonly maxWaiting: number;
  private readonly perAccount = new Map<string, number>();
  private readonly pairs = new Set<string>();
  private total = 0;

  constructor({ sleep = timerSleep, maxWaitingPerAccount = LOGIN_MAX_WAITING_PER_ACCOUNT, maxWaiting = LOGIN_MAX_WAITING }: Partial<LoginGateOptions> = {}) {
    this.sleep = sleep;
    this.maxWaitingPerAccount = maxWaitingPerAccount;
    this.maxWaiting = maxWaiting;
  }

  /**
   * Waits `ms` for an attempt on `account` (its username key) from `address`; answers false at
   * once, without waiting, when too many attempts are waiting already.
   */
  async wait(account: string, address: string, ms: number): Promise<boolean> {
    if (ms <= 0) return true;
    const pair = `${account}\n${address}`;
    const onAccount = this.perAccount.get(account) ?? 0;
    if (onAccount >= this.maxWaitingPerAccount || this.total >= this.maxWaiting || this.pairs.has(pair)) return false;
    this.perAccount.set(account, onAccount + 1);
    this.pairs.add(pair);
    this.total += 1;
    try {
      await this.sleep(ms);
    } finally {
      const left = (this.perAccount.get(account) ?? 1) - 1;
      if (left > 0) this.perAccount.set(account, left);
      else this.perAccount.delete(account);
      this.pairs.delete(pair);
      this.total -= 1;
    }
    return true;
  }

  /** Attempts waiting now, on one account or on all. */
  waiting(account?: string): number {
    return account === undefined ? this.total : (this.perAccount.get(account) ?? 0);
  }
}
