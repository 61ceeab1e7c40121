import { useSyncExternalStore } from 'react';

/** The player's own challenge while it waits for its answer: whom, and until when (ms). */
export interface SentChallenge {
  id: number;
  username: string;
  expiresAt: number;
}

/** Kept for the tab (a reload still shows it, with its Withdraw), not across tabs. */
const KEY = 'glitch-arena:sent-challenge';

function read(): SentChallenge | null {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as SentChallenge | null;
    return parsed && typeof parsed.id === 'number' && typeof parsed.username === 'string' && parsed.expiresAt > Date.now() ? parsed : null;
  } catch {
    return null;
  }
}

let current: SentChallenge | null = typeof sessionStorage === 'undefined' ? null : read();
const listeners = new Set<() => void>();

function set(next: SentChallenge | null): void {
  current = next;
  try {
    if (next) sessionStorage.setItem(KEY, JSON.stringify(next));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the tab still knows until it reloads.
  }
  for (const listener of listeners) listener();
}

/** A challenge the server accepted from this tab: the duel lobby waits for its answer. */
export function rememberSentChallenge(challenge: SentChallenge): void {
  set(challenge);
}

/** Answered, withdrawn or past its time (`id`), or a duel has started (no id): nothing waits any more. */
export function forgetSentChallenge(id?: number): void {
  if (current && (id === undefined || current.id === id)) set(null);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The challenge this tab sent that still waits for its answer, or null. */
export function useSentChallenge(): SentChallenge | null {
  return useSyncExternalStore(subscribe, () => current);
}
