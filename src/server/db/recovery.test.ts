import { describe, expect, it } from 'vitest';
import { MAX_TRANSACTION_ATTEMPTS, isDatabaseUnreachable, isLostConnection, isRetryableConflict, retryTransaction } from './recovery';

const pgError = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
/** As the ORM throws it: its own error with the driver's as the cause. */
const wrapped = (cause: Error) => Object.assign(new Error('Failed query: begin'), { cause });
const noWait = async () => undefined;

describe('what may run again', () => {
  it('tells deadlocks and serialisation failures, through wrappers', () => {
    expect(isRetryableConflict(pgError('40P01'))).toBe(true);
    expect(isRetryableConflict(wrapped(pgError('40001')))).toBe(true);
    expect(isRetryableConflict(pgError('23505'))).toBe(false);
  });

  it('tells lost connections from refused ones', () => {
    expect(isLostConnection(wrapped(pgError('57P01', 'terminating connection due to administrator command')))).toBe(true);
    expect(isLostConnection(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isLostConnection(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(isLostConnection(pgError('ECONNREFUSED'))).toBe(false);
    expect(isDatabaseUnreachable(pgError('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnreachable(pgError('23514'))).toBe(false);
  });
});

describe('retryTransaction', () => {
  it('runs a deadlocked transaction again until it goes through', async () => {
    let runs = 0;
    const answer = await retryTransaction(
      async () => {
        runs += 1;
        if (runs < 3) throw wrapped(pgError('40P01'));
        return 'done';
      },
      { sleep: noWait },
    );
    expect(answer).toBe('done');
    expect(runs).toBe(3);
  });

  it('gives up after the last attempt with the database error', async () => {
    let runs = 0;
    const failing = retryTransaction(
      async () => {
        runs += 1;
        throw pgError('40001');
      },
      { sleep: noWait },
    );
    await expect(failing).rejects.toMatchObject({ code: '40001' });
    expect(runs).toBe(MAX_TRANSACTION_ATTEMPTS);
  });

  it('runs again after a lost connection, but not one lost while committing', async () => {
    let runs = 0;
    await retryTransaction(
      async () => {
        runs += 1;
        if (runs === 1) throw new Error('Connection terminated unexpectedly');
      },
      { sleep: noWait },
    );
    expect(runs).toBe(2);

    runs = 0;
    const committing = retryTransaction(
      async (markCommitting) => {
        runs += 1;
        markCommitting();
        throw new Error('Connection terminated unexpectedly');
      },
      { sleep: noWait },
    );
    await expect(committing).rejects.toThrow('Connection terminated unexpectedly');
    expect(runs).toBe(1);
  });

  it('never runs again for a refusal of the request itself', async () => {
    let runs = 0;
    const refused = retryTransaction(
      async () => {
        runs += 1;
        throw pgError('23514');
      },
      { sleep: noWait },
    );
    await expect(refused).rejects.toMatchObject({ code: '23514' });
    expect(runs).toBe(1);
  });
});
