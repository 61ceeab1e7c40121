import { SOUND_DEFAULT_VOLUME } from '@common/constants';
import { useSyncExternalStore } from 'react';

/** The player's look-and-sound preferences, kept in this browser's local storage. */
export interface GameSettings {
  /** Master volume of every effect, 0 to 1. */
  volume: number;
  /** No sound at all while true. */
  muted: boolean;
  /** Turns off glitch and flicker animations, like prefers-reduced-motion does. */
  reduceFlicker: boolean;
}

export const DEFAULT_SETTINGS: Readonly<GameSettings> = Object.freeze({
  volume: SOUND_DEFAULT_VOLUME,
  muted: false,
  reduceFlicker: false,
});

export const SETTINGS_STORAGE_KEY = 'glitch-arena:settings';

/** The class on <html> that the style sheet reads to stop glitch and flicker animations. */
export const REDUCE_FLICKER_CLASS = 'reduce-flicker';

/** A volume in 0..1 (anything unusable becomes the default), rounded to hundredths. */
export function clampVolume(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return DEFAULT_SETTINGS.volume;
  return Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;
}

/** Reads stored settings; anything missing or malformed falls back to the defaults. */
export function parseSettings(raw: string | null | undefined): GameSettings {
  if (!raw) return { ...DEFAULT_SETTINGS };
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { ...DEFAULT_SETTINGS };
  const record = data as Record<string, unknown>;
  return {
    volume: 'volume' in record ? clampVolume(record.volume) : DEFAULT_SETTINGS.volume,
    muted: typeof record.muted === 'boolean' ? record.muted : DEFAULT_SETTINGS.muted,
    reduceFlicker: typeof record.reduceFlicker === 'boolean' ? record.reduceFlicker : DEFAULT_SETTINGS.reduceFlicker,
  };
}

/** The stored form of the settings. */
export function serializeSettings(settings: GameSettings): string {
  return JSON.stringify({
    volume: clampVolume(settings.volume),
    muted: settings.muted,
    reduceFlicker: settings.reduceFlicker,
  });
}

type Listener = () => void;
const listeners = new Set<Listener>();
let current: GameSettings | null = null;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readStored(): GameSettings {
  try {
    return parseSettings(storage()?.getItem(SETTINGS_STORAGE_KEY));
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

function applyToDocument(settings: GameSettings): void {
  if (typeof document === 'undefined') return;
  document.documentElement.classList.toggle(REDUCE_FLICKER_CLASS, settings.reduceFlicker);
}

function emit(): void {
  for (const listener of listeners) listener();
}

/** The settings in force (read from storage on first use). */
export function getSettings(): GameSettings {
  if (!current) {
    current = readStored();
    applyToDocument(current);
  }
  return current;
}

/** Changes some settings, stores them and tells every listener. */
export function updateSettings(patch: Partial<GameSettings>): GameSettings {
  const next = parseSettings(serializeSettings({ ...getSettings(), ...patch }));
  current = next;
  applyToDocument(next);
  try {
    storage()?.setItem(SETTINGS_STORAGE_KEY, serializeSettings(next));
  } catch (error) {
    // Storage may be full or off (private mode): the settings still hold for this visit.
    console.warn('Could not store the settings', error);
  }
  emit();
  return next;
}

/** Calls the listener whenever the settings change (here or in another tab). */
export function subscribeSettings(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== SETTINGS_STORAGE_KEY) return;
    current = parseSettings(event.newValue);
    applyToDocument(current);
    emit();
  });
}

/** The settings, re-rendering the component when they change. */
export function useSettings(): GameSettings {
  return useSyncExternalStore(subscribeSettings, getSettings, () => DEFAULT_SETTINGS);
}

/** Applies the stored 'reduce flicker' class to <html> before the first paint. */
export function applyStoredSettings(): void {
  applyToDocument(getSettings());
}
