import { useEffect } from 'react';
import { getSettings, subscribeSettings, updateSettings, useSettings } from './settings';
import { AMBIENT_LEVEL, SOUND_RECIPES, effectLevel, renderRecipe, type SoundName } from './sound-synth';

export { AMBIENT_LEVEL, SOUND_NAMES, type SoundName } from './sound-synth';

/*
 * Sound effects synthesised with Web Audio (no audio files). The AudioContext is created on the
 * first sound and resumed on the first click or key press; a failure is only logged (SPEC §8).
 */

let context: AudioContext | null = null;
let master: GainNode | null = null;
let unavailableWarned = false;
const buffers = new Map<SoundName, AudioBuffer>();
let gestureSeen = false;

function warn(message: string, error?: unknown): void {
  console.warn(`Sound: ${message}`, ...(error === undefined ? [] : [error]));
}

function hasUserGesture(): boolean {
  const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation;
  return activation ? activation.hasBeenActive : gestureSeen;
}

function masterLevel(): number {
  return effectLevel('click', getSettings());
}

function applyVolume(): void {
  if (!context || !master) return;
  try {
    master.gain.setTargetAtTime(masterLevel(), context.currentTime, 0.015);
  } catch (error) {
    warn('could not change the volume', error);
  }
}

function audioContext(): AudioContext | null {
  if (context) return context;
  if (typeof window === 'undefined') return null;
  const Ctor =
    window.AudioContext ?? (window as Window & { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) {
    if (!unavailableWarned) warn('this browser has no Web Audio');
    unavailableWarned = true;
    return null;
  }
  context = new Ctor();
  master = context.createGain();
  master.gain.value = masterLevel();
  master.connect(context.destination);
  subscribeSettings(applyVolume);
  return context;
}

function resume(ctx: AudioContext): void {
  if (ctx.state !== 'suspended') return;
  ctx.resume().catch((error: unknown) => warn('could not start audio', error));
}

function bufferFor(ctx: AudioContext, name: SoundName): AudioBuffer {
  const cached = buffers.get(name);
  if (cached && cached.sampleRate === ctx.sampleRate) return cached;
  const samples = renderRecipe(SOUND_RECIPES[name], ctx.sampleRate);
  const buffer = ctx.createBuffer(1, samples.length, ctx.sampleRate);
  buffer.getChannelData(0).set(samples);
  buffers.set(name, buffer);
  return buffer;
}

/** Plays one effect at the player's volume (nothing when muted or before a gesture). Never throws. */
export function playSound(name: Exclude<SoundName, 'battle_ambient'>): void {
  try {
    // Nothing before the player's first click or key: a browser refuses to start audio then, and
    // says so in the console (a replay opened from a link used to, once per move).
    if (masterLevel() <= 0 || !hasUserGesture()) return;
    const ctx = audioContext();
    if (!ctx || !master) return;
    resume(ctx);
    const source = ctx.createBufferSource();
    source.buffer = bufferFor(ctx, name);
    source.connect(master);
    source.start();
  } catch (error) {
    warn(`could not play '${name}'`, error);
  }
}

// --- Battle ambience: one shared loop, kept alive while any screen asks for it. -------------------

let ambientUsers = 0;
let ambient: { source: AudioBufferSourceNode; gain: GainNode } | null = null;

function startAmbient(): void {
  if (ambient || ambientUsers === 0) return;
  // Browsers refuse to start audio before the player has clicked or pressed a key: wait for it.
  if (!hasUserGesture()) return;
  try {
    const ctx = audioContext();
    if (!ctx || !master) return;
    resume(ctx);
    const gain = ctx.createGain();
    gain.gain.value = AMBIENT_LEVEL;
    gain.connect(master);
    const source = ctx.createBufferSource();
    source.buffer = bufferFor(ctx, 'battle_ambient');
    source.loop = true;
    source.connect(gain);
    source.start();
    ambient = { source, gain };
  } catch (error) {
    warn("could not play 'battle_ambient'", error);
  }
}

function stopAmbient(): void {
  const playing = ambient;
  ambient = null;
  if (!playing || !context) return;
  try {
    const now = context.currentTime;
    playing.gain.gain.setTargetAtTime(0, now, 0.08);
    playing.source.stop(now + 0.5);
  } catch (error) {
    warn("could not stop 'battle_ambient'", error);
  }
}

if (typeof window !== 'undefined') {
  const onGesture = () => {
    gestureSeen = true;
    if (context) resume(context);
    startAmbient();
  };
  for (const type of ['pointerdown', 'keydown', 'touchend'] as const) {
    window.addEventListener(type, onGesture, { capture: true, passive: true });
  }
}

/** Loops the battle ambience at 30 % of the volume while `active` is true. */
export function useBattleAmbient(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    ambientUsers += 1;
    startAmbient();
    return () => {
      ambientUsers = Math.max(0, ambientUsers - 1);
      if (ambientUsers === 0) stopAmbient();
    };
  }, [active]);
}

/** The sound settings and their setters, for the nav's controls. */
export function useSoundSettings(): {
  volume: number;
  muted: boolean;
  setVolume: (volume: number) => void;
  setMuted: (muted: boolean) => void;
} {
  const { volume, muted } = useSettings();
  return {
    volume,
    muted,
    setVolume: (next: number) => updateSettings({ volume: next, ...(next > 0 ? { muted: false } : {}) }),
    setMuted: (next: boolean) => updateSettings({ muted: next }),
  };
}
