import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { PublicUser } from '@common/auth';
import { isUnauthorized } from './api';
import { api } from './endpoints';
import { forgetSessionHint, hasSessionHint, setSessionLost } from './session-hint';

/**
 * The player's session as every tab of this browser sees it. The session cookie is shared by
 * all tabs, so when one tab logs out (or learns that the session is gone) the others must not
 * keep showing a signed-in screen: tabs tell each other over a BroadcastChannel (or, where there
 * is none, through a `storage` event), and any 401 answer ends the session in the tab that got it.
 */

/** Query key of the logged-in player (`GET /api/user`). */
export const USER_QUERY_KEY = ['/api/user'] as const;

/**
 * `GET /api/user`: the signed-in player, or null when nobody is (a 401 answer). Without the
 * session hint nobody is, and the server is not asked.
 */
export async function fetchCurrentUser({ signal }: { signal?: AbortSignal } = {}): Promise<PublicUser | null> {
  if (!hasSessionHint()) return null;
  try {
    return await api.accounts.user({}, { signal });
  } catch (err) {
    if (!isUnauthorized(err)) throw err;
    forgetSessionHint();
    return null;
  }
}

export type SessionEvent = { type: 'signed-out' } | { type: 'signed-in'; userId: number };

const CHANNEL_NAME = 'glitch-arena:session';
const STORAGE_KEY = 'glitch-arena:session';

export function isSessionEvent(value: unknown): value is SessionEvent {
  if (!value || typeof value !== 'object') return false;
  const event = value as { type?: unknown; userId?: unknown };
  return event.type === 'signed-out' || (event.type === 'signed-in' && typeof event.userId === 'number');
}

/** The event alone, without what came with it. */
function cleanEvent(event: SessionEvent): SessionEvent {
  return event.type === 'signed-in' ? { type: 'signed-in', userId: event.userId } : { type: 'signed-out' };
}

/** What the bus needs from the browser (fakes in tests). */
export interface SessionBusEnv {
  BroadcastChannel?: typeof BroadcastChannel;
  storage?: Pick<Storage, 'setItem'>;
  addEventListener?: (type: 'storage', listener: (event: StorageEvent) => void) => void;
  removeEventListener?: (type: 'storage', listener: (event: StorageEvent) => void) => void;
}

export interface SessionBus {
  /** Tells the other tabs; this tab does not hear its own events. */
  announce(event: SessionEvent): void;
  /** Calls `onEvent` for each event of another tab; answers the unsubscribe. */
  listen(onEvent: (event: SessionEvent) => void): () => void;
  /** Stops using the channel. */
  close(): void;
}

function browserEnv(): SessionBusEnv {
  const env: SessionBusEnv = {};
  if (typeof BroadcastChannel === 'function') env.BroadcastChannel = BroadcastChannel;
  if (typeof window !== 'undefined') {
    try {
      env.storage = window.localStorage;
    } catch {
      // Storage blocked (privacy settings): only the channel, if any, carries events.
    }
    env.addEventListener = (type, listener) => window.addEventListener(type, listener);
    env.removeEventListener = (type, listener) => window.removeEventListener(type, listener);
  }
  return env;
}

/** A BroadcastChannel where the browser has one, else `storage` events of localStorage. */
export function createSessionBus(env: SessionBusEnv = browserEnv()): SessionBus {
  let channel: BroadcastChannel | null = null;
  const channelOf = (): BroadcastChannel | null => {
    if (!env.BroadcastChannel) return null;
    channel ??= new env.BroadcastChannel(CHANNEL_NAME);
    return channel;
  };

  return {
    announce(event) {
      const ch = channelOf();
      if (ch) {
        ch.postMessage(event);
        return;
      }
      try {
        // A new value each time, so the same event twice still fires `storage`.
        env.storage?.setItem(STORAGE_KEY, JSON.stringify({ ...event, at: Date.now(), nonce: Math.random() }));
      } catch {
        // Storage full or blocked: the other tabs learn at their next request (a 401).
      }
    },
    listen(onEvent) {
      const ch = channelOf();
      if (ch) {
        const onMessage = (message: MessageEvent) => {
          if (isSessionEvent(message.data)) onEvent(cleanEvent(message.data));
        };
        ch.addEventListener('message', onMessage);
        return () => ch.removeEventListener('message', onMessage);
      }
      const onStorage = (event: StorageEvent) => {
        if (event.key !== STORAGE_KEY || !event.newValue) return;
        let parsed: unknown;
        try {
          parsed = JSON.parse(event.newValue);
        } catch {
          return;
        }
        if (isSessionEvent(parsed)) onEvent(cleanEvent(parsed));
      };
      env.addEventListener?.('storage', onStorage);
      return () => env.removeEventListener?.('storage', onStorage);
    },
    close() {
      channel?.close();
      channel = null;
    },
  };
}

let sharedBus: SessionBus | null = null;
function bus(): SessionBus {
  sharedBus ??= createSessionBus();
  return sharedBus;
}

/** Tells the other tabs of this browser that the player signed in or out. */
export function announceSession(event: SessionEvent): void {
  bus().announce(event);
}

function isUserKey(key: QueryKey): boolean {
  return key[0] === USER_QUERY_KEY[0] && key.length === USER_QUERY_KEY.length;
}

/**
 * Nobody is signed in here any more: the login screen shows instead of any route (SPEC §2), and
 * the previous player's data is dropped so the next one never sees it.
 */
export function endSession(queryClient: QueryClient): void {
  queryClient.setQueryData<PublicUser | null>(USER_QUERY_KEY, null);
  queryClient.removeQueries({ predicate: (query) => !isUserKey(query.queryKey) });
}

const signInListeners = new Set<() => void>();

/**
 * Runs `listener` whenever a sign-in starts (a login, a registration, a recovery sent): the
 * signed-in screens' code loads beside the answer instead of after it. Answers the unsubscribe.
 */
export function onSigningIn(listener: () => void): () => void {
  signInListeners.add(listener);
  return () => signInListeners.delete(listener);
}

/** A sign-in starts: its request is on its way. */
export function signingIn(): void {
  for (const listener of signInListeners) listener();
}

/**
 * A player signed in here (login or register): nothing of whoever was here before is kept, the
 * screens show at once and the other tabs are told.
 */
export function startSession(queryClient: QueryClient, user: PublicUser): void {
  setSessionLost(false);
  queryClient.removeQueries({ predicate: (query) => !isUserKey(query.queryKey) });
  queryClient.setQueryData<PublicUser | null>(USER_QUERY_KEY, user);
  announceSession({ type: 'signed-in', userId: user.id });
}

/** Another player signed in in another tab: everything is read again for them. */
function switchSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => !isUserKey(query.queryKey) && query.getObserversCount() === 0 });
  void queryClient.resetQueries();
}

/**
 * A 401 answer while signed in: the session is gone, here and in the other tabs, and the login
 * screen says why (the server lost it: a restart, an expiry).
 */
export function handleUnauthorized(queryClient: QueryClient, err: unknown): void {
  if (!isUnauthorized(err)) return;
  if (!queryClient.getQueryData<PublicUser | null>(USER_QUERY_KEY)) return;
  forgetSessionHint();
  setSessionLost(true);
  endSession(queryClient);
  announceSession({ type: 'signed-out' });
}

/**
 * Asks the server whether this tab's session still holds. Gone: the login screen shows (and the
 * other tabs are told). Another player now (signed in from a tab that could not tell this one):
 * everything is read again for them. Answers whether a player is signed in; a check that could
 * not reach the server counts as holding. A session found gone while this page was signed in is
 * told on the login screen, unless the server `ended` it on purpose (its socket closed with
 * 'Logged out' or 'Session ended': a logout or a password change elsewhere).
 */
export async function confirmSession(queryClient: QueryClient, { ended = false }: { ended?: boolean } = {}): Promise<boolean> {
  const before = queryClient.getQueryData<PublicUser | null>(USER_QUERY_KEY);
  let user: PublicUser | null;
  try {
    user = await queryClient.fetchQuery<PublicUser | null>({
      queryKey: USER_QUERY_KEY,
      queryFn: fetchCurrentUser,
      staleTime: 0,
    });
  } catch {
    return true;
  }
  if (!user) {
    if (before && !ended) setSessionLost(true);
    endSession(queryClient);
    if (before) announceSession({ type: 'signed-out' });
    return false;
  }
  if (before && before.id !== user.id) switchSession(queryClient);
  return true;
}

/**
 * Checks the session each time the player moves to another screen, so a session ended on
 * another device (password changed, signed out everywhere) shows the login screen at the next
 * navigation, even where the screen's data is already cached.
 */
export function useSessionCheckOnNavigate(location: string): void {
  const queryClient = useQueryClient();
  const last = useRef(location);
  useEffect(() => {
    if (last.current === location) return;
    last.current = location;
    if (!queryClient.getQueryData<PublicUser | null>(USER_QUERY_KEY)) return;
    void confirmSession(queryClient);
  }, [location, queryClient]);
}

/** What this tab does when another tab of the browser signs in or out. */
export function applySessionEvent(queryClient: QueryClient, event: SessionEvent): void {
  const current = queryClient.getQueryData<PublicUser | null>(USER_QUERY_KEY);
  if (event.type === 'signed-out') {
    if (current) endSession(queryClient);
    return;
  }
  if (current?.id === event.userId) return;
  switchSession(queryClient);
}

/** Keeps this tab in step with the others (mounted once, by the app shell). */
export function useSessionSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => bus().listen((event) => applySessionEvent(queryClient, event)), [queryClient]);
}
