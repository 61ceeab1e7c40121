import { useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before the toast closes; the provider's 5000 ms when left out. */
  duration?: number;
}

export interface ToastEntry extends ToastOptions {
  id: number;
  open: boolean;
}

type Listener = () => void;

let current: ToastEntry | null = null;
let nextId = 1;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Shows a toast. Only one toast shows at a time: a new one replaces the current one. */
export function toast(options: ToastOptions): { id: number; dismiss: () => void } {
  const id = nextId++;
  current = { variant: 'default', ...options, id, open: true };
  emit();
  return { id, dismiss: () => dismissToast(id) };
}

/** Closes the toast with this id (or whichever toast shows, when no id is given). */
export function dismissToast(id?: number): void {
  if (!current || (id !== undefined && current.id !== id) || !current.open) return;
  current = { ...current, open: false };
  emit();
}

/** The toast on screen, if any (for tests and the toaster). */
export function currentToast(): ToastEntry | null {
  return current;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentToast(): ToastEntry | null {
  return useSyncExternalStore(subscribe, currentToast, currentToast);
}
