import { describe, expect, it, vi } from 'vitest';
import { onDemand } from './on-demand';

describe('onDemand', () => {
  it('fetches once however often it is wanted, and tells its readers when the module arrives', async () => {
    const module = { name: 'list' };
    const fetch = vi.fn(() => Promise.resolve(module));
    const wanted = onDemand(fetch);
    const told = vi.fn();
    wanted.subscribe(told);
    expect(wanted.arrived()).toBeNull();
    wanted.warm();
    const [a, b] = await Promise.all([wanted.load(), wanted.load()]);
    expect([a, b]).toEqual([module, module]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(wanted.arrived()).toBe(module);
    expect(told).toHaveBeenCalledTimes(1);
  });

  it('a failed warm-up is left to the press, which meets its own failure; the next press fetches again', async () => {
    const failure = () => new TypeError('Failed to fetch dynamically imported module');
    const fetch = vi.fn().mockRejectedValueOnce(failure()).mockRejectedValueOnce(failure()).mockResolvedValueOnce({ name: 'tip' });
    const wanted = onDemand(fetch as () => Promise<{ name: string }>);
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      wanted.warm();
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).not.toHaveBeenCalled();
      await expect(wanted.load()).rejects.toThrow('dynamically imported module');
      expect(wanted.arrived()).toBeNull();
      await expect(wanted.load()).resolves.toEqual({ name: 'tip' });
      expect(fetch).toHaveBeenCalledTimes(3);
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('a reader that left is not told', async () => {
    const wanted = onDemand(() => Promise.resolve(1));
    const told = vi.fn();
    const leave = wanted.subscribe(told);
    leave();
    await wanted.load();
    expect(told).not.toHaveBeenCalled();
  });
});
