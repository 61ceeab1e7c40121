import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '@common/auth';
import { ApiError } from './api';
import {
  USER_QUERY_KEY,
  applySessionEvent,
  confirmSession,
  createSessionBus,
  endSession,
  handleUnauthorized,
  isSessionEvent,
  startSession,
  type SessionEvent,
} from './session';
import { isSessionLost, setSessionLost } from './session-hint';

/** Channels of one browser: a message reaches every other channel of the same name. */
class FakeChannel {
  static open: FakeChannel[] = [];
  private listeners = new Set<(event: MessageEvent) => void>();
  constructor(readonly name: string) {
    FakeChannel.open.push(this);
  }
  postMessage(data: unknown): void {
    for (const other of FakeChannel.open) {
      if (other !== this && other.name === this.name) {
        for (const listener of other.listeners) listener({ data } as MessageEvent);
      }
    }
  }
  addEventListener(_type: 'message', listener: (event: MessageEvent) => void): void {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'message', listener: (event: MessageEvent) => void): void {
    this.listeners.delete(listener);
  }
  close(): void {
    FakeChannel.open = FakeChannel.open.filter((c) => c !== this);
  }
}

const Channel = FakeChannel as unknown as typeof BroadcastChannel;
const NEO: PublicUser = { id: 7, username: 'neo', credits: 2500 };

function signedIn(user: PublicUser | null = NEO): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(USER_QUERY_KEY, user);
  client.setQueryData(['/api/characters'], [{ id: 1, name: 'Byte Knight' }]);
  client.setQueryData(['/api/characters', 1, 'equipment'], []);
  client.setQueryData(['/api/marketplace'], []);
  return client;
}

function otherQueries(client: QueryClient): unknown[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((q) => q.queryKey[0] !== '/api/user')
    .map((q) => q.queryKey);
}

beforeEach(() => {
  FakeChannel.open = [];
  // The tab's own bus is made at its first use, from the browser's BroadcastChannel.
  vi.stubGlobal('BroadcastChannel', Channel);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the session bus', () => {
  it('carries an event to the other tabs, not back to the one that sent it', () => {
    const tabA = createSessionBus({ BroadcastChannel: Channel });
    const tabB = createSessionBus({ BroadcastChannel: Channel });
    const heardA: SessionEvent[] = [];
    const heardB: SessionEvent[] = [];
    tabA.listen((e) => heardA.push(e));
    const stop = tabB.listen((e) => heardB.push(e));

    tabA.announce({ type: 'signed-out' });
    expect(heardB).toEqual([{ type: 'signed-out' }]);
    expect(heardA).toEqual([]);
    tabB.announce({ type: 'signed-in', userId: 3 });
    expect(heardA).toEqual([{ type: 'signed-in', userId: 3 }]);

    stop();
    tabA.announce({ type: 'signed-out' });
    expect(heardB).toHaveLength(1);
    tabA.close();
    tabB.close();
  });

  it('falls back to storage events where there is no BroadcastChannel', () => {
    // localStorage of one browser: a write fires `storage` in every other tab.
    const tabs: ((event: StorageEvent) => void)[][] = [[], []];
    const envOf = (me: number) => ({
      storage: {
        setItem: (key: string, newValue: string) => {
          tabs.forEach((listeners, i) => {
            if (i !== me) for (const l of listeners) l({ key, newValue } as StorageEvent);
          });
        },
      },
      addEventListener: (_type: 'storage', l: (event: StorageEvent) => void) => void tabs[me]!.push(l),
      removeEventListener: (_type: 'storage', l: (event: StorageEvent) => void) => {
        tabs[me] = tabs[me]!.filter((x) => x !== l);
      },
    });
    const tabA = createSessionBus(envOf(0));
    const tabB = createSessionBus(envOf(1));
    const heard: SessionEvent[] = [];
    const stop = tabB.listen((e) => heard.push(e));
    tabA.announce({ type: 'signed-out' });
    tabA.announce({ type: 'signed-out' });
    expect(heard).toEqual([{ type: 'signed-out' }, { type: 'signed-out' }]);
    // Other keys and junk are ignored.
    for (const l of tabs[1]!) {
      l({ key: 'other', newValue: '{"type":"signed-out"}' } as StorageEvent);
      l({ key: 'glitch-arena:session', newValue: 'not json' } as StorageEvent);
      l({ key: 'glitch-arena:session', newValue: null } as StorageEvent);
    }
    expect(heard).toHaveLength(2);
    stop();
    expect(tabs[1]).toHaveLength(0);
  });

  it('accepts only well-formed events', () => {
    expect(isSessionEvent({ type: 'signed-out' })).toBe(true);
    expect(isSessionEvent({ type: 'signed-in', userId: 1 })).toBe(true);
    expect(isSessionEvent({ type: 'signed-in' })).toBe(false);
    expect(isSessionEvent({ type: 'hello' })).toBe(false);
    expect(isSessionEvent(null)).toBe(false);
  });
});

describe('ending the session', () => {
  it('shows the login screen (user null) and drops the previous player data', () => {
    const client = signedIn();
    endSession(client);
    expect(client.getQueryData(USER_QUERY_KEY)).toBeNull();
    expect(otherQueries(client)).toEqual([]);
  });

  it('a 401 while signed in ends it and tells the other tabs; other errors do not', () => {
    const otherTab = createSessionBus({ BroadcastChannel: Channel });
    const heard: SessionEvent[] = [];
    otherTab.listen((e) => heard.push(e));

    const client = signedIn();
    handleUnauthorized(client, new ApiError(403, '{"message":"Not yours"}'));
    handleUnauthorized(client, new ApiError(500, 'oops'));
    expect(client.getQueryData(USER_QUERY_KEY)).toEqual(NEO);
    expect(heard).toEqual([]);

    handleUnauthorized(client, new ApiError(401, '{"message":"Authentication required"}'));
    expect(client.getQueryData(USER_QUERY_KEY)).toBeNull();
    expect(otherQueries(client)).toEqual([]);
    expect(heard).toEqual([{ type: 'signed-out' }]);

    // Logged out already (a wrong password at login answers 401 too): nothing more happens.
    handleUnauthorized(client, new ApiError(401, '{"message":"Invalid username or password"}'));
    expect(heard).toHaveLength(1);
    otherTab.close();
  });

  it('signing in keeps nothing of the previous player and tells the other tabs', () => {
    const otherTab = createSessionBus({ BroadcastChannel: Channel });
    const heard: SessionEvent[] = [];
    otherTab.listen((e) => heard.push(e));
    const client = signedIn(null);
    startSession(client, NEO);
    expect(client.getQueryData(USER_QUERY_KEY)).toEqual(NEO);
    expect(otherQueries(client)).toEqual([]);
    expect(heard).toEqual([{ type: 'signed-in', userId: NEO.id }]);
    otherTab.close();
  });

  it('another tab signing out shows the login screen here', () => {
    const client = signedIn();
    applySessionEvent(client, { type: 'signed-out' });
    expect(client.getQueryData(USER_QUERY_KEY)).toBeNull();
    expect(otherQueries(client)).toEqual([]);
  });

  it('another tab signing in as the same player changes nothing; as another, everything is read again', () => {
    const same = signedIn();
    applySessionEvent(same, { type: 'signed-in', userId: NEO.id });
    expect(same.getQueryData(USER_QUERY_KEY)).toEqual(NEO);
    expect(otherQueries(same)).toHaveLength(3);

    const other = signedIn();
    applySessionEvent(other, { type: 'signed-in', userId: 99 });
    expect(other.getQueryData(USER_QUERY_KEY)).toBeUndefined();
    expect(otherQueries(other)).toEqual([]);

    const loggedOut = signedIn(null);
    applySessionEvent(loggedOut, { type: 'signed-in', userId: NEO.id });
    expect(loggedOut.getQueryData(USER_QUERY_KEY)).toBeUndefined();
  });
});

describe('confirmSession', () => {
  it('asks the server: a 401 ends the session, a player keeps it', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);

    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify(NEO), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    const alive = signedIn();
    await expect(confirmSession(alive)).resolves.toBe(true);
    expect(alive.getQueryData(USER_QUERY_KEY)).toEqual(NEO);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/user');

    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: 'Authentication required' }), {
        status: 401,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    setSessionLost(false);
    const gone = signedIn();
    await expect(confirmSession(gone)).resolves.toBe(false);
    expect(gone.getQueryData(USER_QUERY_KEY)).toBeNull();
    expect(otherQueries(gone)).toEqual([]);
    // The login screen says why: the server lost it (a restart, an expiry).
    expect(isSessionLost()).toBe(true);

    // Ended on purpose (a logout elsewhere closed the socket): the login screen, with no notice.
    setSessionLost(false);
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: 'Authentication required' }), {
        status: 401,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const ended = signedIn();
    await expect(confirmSession(ended, { ended: true })).resolves.toBe(false);
    expect(ended.getQueryData(USER_QUERY_KEY)).toBeNull();
    expect(isSessionLost()).toBe(false);

    // Another player signed in from a tab that could not tell this one: their data is read afresh.
    const someoneElse: PublicUser = { id: 99, username: 'trinity', credits: 10 };
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify(someoneElse), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    const switched = signedIn();
    await expect(confirmSession(switched)).resolves.toBe(true);
    expect(otherQueries(switched)).toEqual([]);

    // The server cannot be asked: keep trying rather than show the login screen.
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(confirmSession(signedIn())).resolves.toBe(true);
  });
});
