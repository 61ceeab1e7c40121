import pg from 'pg';

/**
 * What the server does when PostgreSQL says a statement could not be done *this time*: two
 * transactions deadlocked or could not be serialised (one of them is chosen to fail, and doing it
 * again succeeds), or a pooled connection died under us (a restart of PostgreSQL ends every
 * connection; the pool only notices on the next use). Nothing committed in those cases, so the work
 * runs again, a bounded number of times, instead of answering 500 because of another request or of
 * a connection that was already gone.
 */

/** serialization_failure, deadlock_detected. */
const RETRYABLE_CODES = new Set(['40001', '40P01']);
/** admin_shutdown, crash_shutdown, cannot_connect_now, connection_exception, connection_does_not_exist, connection_failure. */
const CONNECTION_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08003', '08006']);
const CONNECTION_MESSAGES = [/connection terminated/i, /not queryable/i, /ECONNRESET/, /EPIPE/];

function codeOf(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function messagesOf(err: unknown): string[] {
  const out: string[] = [];
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string') out.push(message);
    e = (e as { cause?: unknown }).cause;
  }
  return out;
}

/** A deadlock or serialisation failure: the transaction was rolled back and may run again. */
export function isRetryableConflict(err: unknown): boolean {
  const code = codeOf(err);
  return code !== undefined && RETRYABLE_CODES.has(code);
}

/** The connection the statement went to is gone (or PostgreSQL is starting): nothing of it ran. */
export function isLostConnection(err: unknown): boolean {
  const code = codeOf(err);
  if (code !== undefined && (CONNECTION_CODES.has(code) || code === 'ECONNRESET' || code === 'EPIPE')) return true;
  return messagesOf(err).some((message) => CONNECTION_MESSAGES.some((pattern) => pattern.test(message)));
}

/** PostgreSQL cannot be reached at all (refused, unknown host, timed out): the database is down. */
export function isDatabaseUnreachable(err: unknown): boolean {
  const code = codeOf(err);
  return code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ETIMEDOUT' || code === 'EAI_AGAIN' || code === '57P03' || isLostConnection(err);
}

export interface RetryOptions {
  /** Runs of the work at most (the first included). */
  attempts?: number;
  /** Waits before a retry; tests pass one that does not wait. */
  sleep?: (ms: number) => Promise<void>;
}

export const MAX_TRANSACTION_ATTEMPTS = 6;
const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs a transaction again when it failed for a reason that rolled it back and that another run
 * can avoid: a deadlock, a serialisation failure, or a connection that was dead before the
 * transaction could commit. A connection lost while committing is not retried (the commit may have
 * happened). Waits grow a little with jitter, so two transactions that deadlocked do not meet again.
 */
export async function retryTransaction<T>(run: (markCommitting: () => void) => Promise<T>, { attempts = MAX_TRANSACTION_ATTEMPTS, sleep = realSleep }: RetryOptions = {}): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let committing = false;
    try {
      return await run(() => {
        committing = true;
      });
    } catch (err) {
      const again = isRetryableConflict(err) || (isLostConnection(err) && !committing);
      if (!again || attempt >= attempts) throw err;
      await sleep(isRetryableConflict(err) ? Math.random() * 10 * attempt : 0);
    }
  }
}

/**
 * A pool whose single statements (those outside a transaction) are sent again on another
 * connection when the one they went to had already been closed by PostgreSQL: after a restart,
 * every idle connection in the pool is dead until used, and its first statement fails with
 * 'terminating connection due to administrator command' without having run. Each failed connection
 * leaves the pool, so at most one attempt per pooled connection is spent. A connection lost while
 * its statement ran is not retried (the statement may have taken effect).
 */
export class RecoveringPool extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    super(config);
    // A connection that dies while checked out (between a transaction's statements) emits 'error'
    // with none of the pool's listeners on it, which would end the process. It goes back to the
    // pool at once, which drops it: the ORM does not give back a connection whose BEGIN failed,
    // so after a restart every stale connection would otherwise hold its place in the pool forever.
    this.on('connect', (client) => client.on('error', (err) => (client as GuardedClient).giveBack?.(err)));
    const connect = this.connect.bind(this) as (...a: unknown[]) => unknown;
    this.connect = ((...args: unknown[]) => {
      if (typeof args[0] === 'function') return connect(...args);
      return (connect() as Promise<pg.PoolClient>).then(guard);
    }) as this['connect'];
    const query = this.query.bind(this) as (...a: unknown[]) => Promise<unknown>;
    const max = config.max ?? 10;
    this.query = ((...args: unknown[]) => {
      if (typeof args[args.length - 1] === 'function') return query(...args);
      const attempt = async (left: number): Promise<unknown> => {
        try {
          return await query(...args);
        } catch (err) {
          if (left <= 0 || !staleBeforeSending(err)) throw err;
          return attempt(left - 1);
        }
      };
      return attempt(max + 1);
    }) as this['query'];
  }
}

type GuardedClient = pg.PoolClient & { giveBack?: (err: Error) => void };

/** The client's release may be called again without harm, and a dead client gives itself back. */
function guard(client: pg.PoolClient): pg.PoolClient {
  const guarded = client as GuardedClient;
  const release = client.release.bind(client);
  let released = false;
  const releaseOnce = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    guarded.giveBack = undefined;
    release(err);
  };
  guarded.release = releaseOnce;
  guarded.giveBack = (err) => releaseOnce(err);
  return client;
}

/** The server had closed the connection before the statement reached it (it never ran). */
function staleBeforeSending(err: unknown): boolean {
  const code = codeOf(err);
  if (code === '57P01' || code === '57P02') return true;
  return messagesOf(err).some((message) => /not queryable/i.test(message));
}
