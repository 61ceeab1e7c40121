import { describe, expect, it } from 'vitest';
import { LoginGate } from './login-gate';

/** A sleep that waits until the test wakes it. */
function heldSleep() {
  const wakers: (() => void)[] = [];
  return { sleep: () => new Promise<void>((resolve) => wakers.push(resolve)), wakeAll: () => wakers.splice(0).forEach((wake) => wake()) };
}

describe('the login gate', () => {
  it('lets an attempt through at once when there is nothing to wait', async () => {
    const gate = new LoginGate({ sleep: () => Promise.reject(new Error('must not sleep')) });
    expect(await gate.wait('neo', '192.0.2.1', 0)).toBe(true);
  });

  it('lets a few wait per account, one per address, and a bounded number in all', async () => {
    const held = heldSleep();
    const gate = new LoginGate({ sleep: held.sleep, maxWaitingPerAccount: 2, maxWaiting: 3 });
    const waits = [gate.wait('neo', 'a', 500), gate.wait('neo', 'b', 500)];
    expect(await gate.wait('neo', 'c', 500)).toBe(false);
    waits.push(gate.wait('trinity', 'a', 500));
    expect(await gate.wait('trinity', 'b', 500)).toBe(false);
    expect(gate.waiting()).toBe(3);
    expect(gate.waiting('neo')).toBe(2);
    held.wakeAll();
    expect(await Promise.all(waits)).toEqual([true, true, true]);
    expect(gate.waiting()).toBe(0);
    expect(gate.waiting('neo')).toBe(0);
  });

  it('refuses a second attempt from an address already waiting on the account', async () => {
    const held = heldSleep();
    const gate = new LoginGate({ sleep: held.sleep });
    const first = gate.wait('neo', 'a', 500);
    expect(await gate.wait('neo', 'a', 500)).toBe(false);
    held.wakeAll();
    expect(await first).toBe(true);
    const again = gate.wait('neo', 'a', 500);
    held.wakeAll();
    expect(await again).toBe(true);
  });
});
