import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TAKEOVER_WAIT_MS, reloadToNewestVersion } from './app-update';

/** A service worker as the page sees it: a state, statechange events and the messages it was sent. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installed';
  readonly messages: unknown[] = [];
  postMessage(message: unknown): void {
    this.messages.push(message);
  }
  become(state: ServiceWorkerState): void {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

let container: EventTarget & { controller: object | null; getRegistration: () => Promise<unknown> };
let reload: ReturnType<typeof vi.fn>;

/** A page controlled by a worker, with `waiting` (or none) installed beside it. */
function page(waiting: FakeWorker | null): void {
  container = Object.assign(new EventTarget(), {
    controller: {},
    getRegistration: () => Promise.resolve({ waiting, update: () => Promise.resolve() }),
  });
  vi.stubGlobal('navigator', { serviceWorker: container });
  vi.stubGlobal('window', { location: { reload } });
}

beforeEach(() => {
  vi.useFakeTimers();
  reload = vi.fn();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Reload in the update prompt', () => {
  it('with no new worker waiting, reloads at once', async () => {
    page(null);
    await reloadToNewestVersion();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('asks the waiting worker to take over and reloads once it controls the page, once', async () => {
    const worker = new FakeWorker();
    page(worker);
    await reloadToNewestVersion();
    expect(worker.messages).toEqual([{ type: 'skip-waiting' }]);
    expect(reload).not.toHaveBeenCalled();

    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
    worker.become('activated');
    vi.advanceTimersByTime(TAKEOVER_WAIT_MS);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads when the worker is active even if the page hears no controller change', async () => {
    const worker = new FakeWorker();
    page(worker);
    await reloadToNewestVersion();
    worker.become('activating');
    expect(reload).not.toHaveBeenCalled();
    worker.become('activated');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads when the new worker fails', async () => {
    const worker = new FakeWorker();
    page(worker);
    await reloadToNewestVersion();
    worker.become('redundant');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads anyway when the worker has not taken over in time', async () => {
    const worker = new FakeWorker();
    page(worker);
    await reloadToNewestVersion();
    vi.advanceTimersByTime(TAKEOVER_WAIT_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
