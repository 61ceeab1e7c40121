import { SOUND_AMBIENT_VOLUME } from '@common/constants';
/**
 * The game's sound effects as chiptune recipes, and a tiny synthesiser that turns a recipe into
 * samples. Pure: no Web Audio here, so the recipes can be checked in tests.
 */

export type SoundName =
  | 'attack'
  | 'hit'
  | 'victory'
  | 'defeat'
  | 'click'
  | 'notification'
  | 'equip'
  | 'level_up'
  | 'forge'
  | 'battle_ambient';

export const SOUND_NAMES: readonly SoundName[] = [
  'attack',
  'hit',
  'victory',
  'defeat',
  'click',
  'notification',
  'equip',
  'level_up',
  'forge',
  'battle_ambient',
];

/** The battle ambience plays at this share of the volume (SPEC §9). */
export const AMBIENT_LEVEL = SOUND_AMBIENT_VOLUME;

export type Wave = 'square' | 'triangle' | 'sawtooth' | 'sine' | 'noise';

/** One note: a wave that may slide from one pitch to another, with a short attack and a decay. */
export interface Tone {
  wave: Wave;
  /** Start pitch in Hz (for noise: how often a new random value is drawn). */
  from: number;
  /** End pitch in Hz (an exponential slide); the start pitch when left out. */
  to?: number;
  /** Start in seconds from the beginning of the effect. */
  at: number;
  /** Length in seconds. */
  dur: number;
  /** Loudness 0..1 before mixing. */
  gain: number;
  /** Pulse width of a square wave (0..1). */
  duty?: number;
  /** 'pluck' decays from the start; 'hold' stays level and fades at the end. */
  shape?: 'pluck' | 'hold';
}

export interface SoundRecipe {
  tones: readonly Tone[];
  /** Loops seamlessly when true; its length is then exactly `length` seconds. */
  loop?: boolean;
  length?: number;
}

/** Frequency of a MIDI note number (69 = A4 = 440 Hz). */
export function midiToHz(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12);
}

const C5 = 72;

function arpeggio(notes: readonly number[], step: number, wave: Wave, gain: number, lastDur = step): Tone[] {
  return notes.map((n, i) => ({
    wave,
    from: midiToHz(n),
    at: i * step,
    dur: i === notes.length - 1 ? lastDur : step * 0.95,
    gain,
    duty: 0.25,
  }));
}

function ambientLoop(): Tone[] {
  // Four bars of a low pulsing bass line (A, A, F, G) with soft noise ticks: 4 seconds.
  const tones: Tone[] = [];
  const roots = [45, 45, 41, 43];
  const eighth = 0.125;
  roots.forEach((root, bar) => {
    for (let i = 0; i < 8; i += 1) {
      const at = bar + i * eighth;
      tones.push({ wave: 'triangle', from: midiToHz(i % 4 === 3 ? root + 12 : root), at, dur: eighth * 0.9, gain: 0.55 });
      if (i % 2 === 1) tones.push({ wave: 'noise', from: 9000, at, dur: 0.03, gain: 0.12 });
    }
    tones.push({ wave: 'square', from: midiToHz(root + 24), at: bar + 0.5, dur: 0.4, gain: 0.06, duty: 0.125, shape: 'hold' });
  });
  return tones;
}

export const SOUND_RECIPES: Readonly<Record<SoundName, SoundRecipe>> = {
  attack: {
    tones: [
      { wave: 'noise', from: 6000, to: 1500, at: 0, dur: 0.12, gain: 0.45 },
      { wave: 'square', from: 900, to: 180, at: 0, dur: 0.14, gain: 0.4, duty: 0.5 },
    ],
  },
  hit: {
    tones: [
      { wave: 'noise', from: 3000, to: 600, at: 0, dur: 0.1, gain: 0.6 },
      { wave: 'square', from: 180, to: 55, at: 0, dur: 0.16, gain: 0.5, duty: 0.5 },
    ],
  },
  victory: {
    tones: [
      ...arpeggio([C5, C5 + 4, C5 + 7, C5 + 12], 0.1, 'square', 0.35, 0.45),
      { wave: 'triangle', from: midiToHz(C5 - 24), at: 0, dur: 0.3, gain: 0.5 },
      { wave: 'triangle', from: midiToHz(C5 - 12), at: 0.3, dur: 0.45, gain: 0.5 },
    ],
  },
  defeat: {
    tones: [
      ...arpeggio([67, 66, 65, 64], 0.2, 'sawtooth', 0.25, 0.6),
      { wave: 'triangle', from: midiToHz(40), to: midiToHz(34), at: 0.6, dur: 0.6, gain: 0.5 },
    ],
  },
  click: {
    tones: [{ wave: 'square', from: 1400, to: 900, at: 0, dur: 0.035, gain: 0.3, duty: 0.5 }],
  },
  notification: {
    tones: [
      { wave: 'square', from: midiToHz(88), at: 0, dur: 0.08, gain: 0.28, duty: 0.25 },
      { wave: 'square', from: midiToHz(95), at: 0.09, dur: 0.16, gain: 0.28, duty: 0.25 },
    ],
  },
  equip: {
    tones: [
      { wave: 'noise', from: 8000, at: 0, dur: 0.04, gain: 0.35 },
      { wave: 'square', from: midiToHz(69), at: 0, dur: 0.06, gain: 0.3, duty: 0.5 },
      { wave: 'square', from: midiToHz(76), at: 0.06, dur: 0.1, gain: 0.3, duty: 0.5 },
    ],
  },
  level_up: {
    tones: [
      ...arpeggio([C5, C5 + 4, C5 + 7, C5 + 12, C5 + 16, C5 + 19], 0.06, 'square', 0.3),
      { wave: 'square', from: midiToHz(C5 + 24), at: 0.36, dur: 0.5, gain: 0.3, duty: 0.125 },
      { wave: 'triangle', from: midiToHz(C5 - 12), at: 0.36, dur: 0.5, gain: 0.45 },
    ],
  },
  forge: {
    tones: [
      // Two hammer strikes on an anvil: a noise crack and a ringing, slightly off-key pair.
      { wave: 'noise', from: 5000, at: 0, dur: 0.05, gain: 0.5 },
      { wave: 'square', from: 1760, at: 0, dur: 0.35, gain: 0.18, duty: 0.5 },
      { wave: 'sine', from: 2637, at: 0, dur: 0.35, gain: 0.25 },
      { wave: 'noise', from: 5000, at: 0.22, dur: 0.05, gain: 0.5 },
      { wave: 'square', from: 1760, at: 0.22, dur: 0.5, gain: 0.18, duty: 0.5 },
      { wave: 'sine', from: 2637, at: 0.22, dur: 0.5, gain: 0.25 },
      { wave: 'triangle', from: midiToHz(C5 + 7), at: 0.45, dur: 0.4, gain: 0.35 },
    ],
  },
  battle_ambient: { tones: ambientLoop(), loop: true, length: 4 },
};

/** Seconds from the start of the effect to the end of its last note (or its loop length). */
export function recipeLength(recipe: SoundRecipe): number {
  if (recipe.loop && recipe.length) return recipe.length;
  return recipe.tones.reduce((end, t) => Math.max(end, t.at + t.dur), 0);
}

const ATTACK_SECONDS = 0.004;

/** Loudness of a note at `t` seconds into it: a quick rise, then a decay to silence at the end. */
export function envelope(t: number, dur: number, shape: Tone['shape'] = 'pluck'): number {
  if (t < 0 || t >= dur) return 0;
  const rise = Math.min(1, t / ATTACK_SECONDS);
  const left = 1 - t / dur;
  if (shape === 'hold') return rise * Math.min(1, left / 0.25);
  return rise * left * left;
}

/** A small seeded generator, so the same recipe always sounds the same. */
function noiseSource(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return (state / 0x100000000) * 2 - 1;
  };
}

function waveValue(wave: Exclude<Wave, 'noise'>, phase: number, duty: number): number {
  switch (wave) {
    case 'square':
      return phase < duty ? 1 : -1;
    case 'triangle':
      return phase < 0.5 ? phase * 4 - 1 : 3 - phase * 4;
    case 'sawtooth':
      return phase * 2 - 1;
    case 'sine':
      return Math.sin(phase * 2 * Math.PI);
  }
}

/** The highest level a rendered effect reaches; louder mixes are scaled down to it. */
export const PEAK = 0.9;

/** Renders a recipe to mono samples in -PEAK..PEAK at the given sample rate. */
export function renderRecipe(recipe: SoundRecipe, sampleRate: number): Float32Array {
  const length = Math.max(1, Math.ceil(recipeLength(recipe) * sampleRate));
  const out = new Float32Array(length);
  recipe.tones.forEach((tone, index) => {
    const start = Math.floor(tone.at * sampleRate);
    const count = Math.floor(tone.dur * sampleRate);
    const to = tone.to ?? tone.from;
    const duty = tone.duty ?? 0.5;
    const random = noiseSource(index * 7919 + 17);
    let phase = 0;
    let held = random();
    for (let i = 0; i < count; i += 1) {
      const t = i / sampleRate;
      const progress = i / count;
      const freq = tone.from * (to / tone.from) ** progress;
      const target = recipe.loop ? (start + i) % length : start + i;
      if (target >= length) break;
      phase += freq / sampleRate;
      let value: number;
      if (tone.wave === 'noise') {
        if (phase >= 1) {
          held = random();
          phase %= 1;
        }
        value = held;
      } else {
        phase %= 1;
        value = waveValue(tone.wave, phase, duty);
      }
      out[target] = (out[target] ?? 0) + value * tone.gain * envelope(t, tone.dur, tone.shape);
    }
  });
  let peak = 0;
  for (const v of out) peak = Math.max(peak, Math.abs(v));
  if (peak > PEAK) {
    const scale = PEAK / peak;
    for (let i = 0; i < out.length; i += 1) out[i] = (out[i] ?? 0) * scale;
  }
  return out;
}

/** The level an effect plays at under these settings: 0 when muted, the ambience at 30 %. */
export function effectLevel(name: SoundName, settings: { volume: number; muted: boolean }): number {
  if (settings.muted) return 0;
  const volume = Math.min(1, Math.max(0, Number.isFinite(settings.volume) ? settings.volume : 0));
  return name === 'battle_ambient' ? volume * AMBIENT_LEVEL : volume;
}
