import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, clampVolume, parseSettings, serializeSettings } from './settings';
import { playSound } from './sound';
import {
  PEAK,
  SOUND_NAMES,
  SOUND_RECIPES,
  effectLevel,
  envelope,
  midiToHz,
  recipeLength,
  renderRecipe,
} from './sound-synth';

const RATE = 22_050;

function rms(samples: Float32Array, from = 0, to = samples.length): number {
  let sum = 0;
  for (let i = from; i < to; i += 1) sum += (samples[i] ?? 0) ** 2;
  return Math.sqrt(sum / Math.max(1, to - from));
}

describe('sound recipes', () => {
  it('define all ten effects of the specification', () => {
    expect([...SOUND_NAMES].sort()).toEqual(
      ['attack', 'battle_ambient', 'click', 'defeat', 'equip', 'forge', 'hit', 'level_up', 'notification', 'victory'].sort(),
    );
    expect(Object.keys(SOUND_RECIPES).sort()).toEqual([...SOUND_NAMES].sort());
  });

  it.each(SOUND_NAMES.filter((n) => n !== 'battle_ambient'))('%s is a short one-shot that is audible and never clips', (name) => {
    const recipe = SOUND_RECIPES[name];
    const length = recipeLength(recipe);
    expect(recipe.loop).toBeFalsy();
    expect(length).toBeGreaterThan(0.02);
    expect(length).toBeLessThanOrEqual(1.5);
    const samples = renderRecipe(recipe, RATE);
    expect(samples.length).toBe(Math.ceil(length * RATE));
    const peak = samples.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
    expect(peak).toBeLessThanOrEqual(PEAK + 1e-6);
    expect(rms(samples)).toBeGreaterThan(0.01);
    // Each effect fades out instead of ending with a click.
    expect(Math.abs(samples[samples.length - 1] ?? 1)).toBeLessThan(0.05);
  });

  it('the click is the shortest effect and victory and defeat are longer than a hit', () => {
    const len = (n: keyof typeof SOUND_RECIPES) => recipeLength(SOUND_RECIPES[n]);
    for (const name of SOUND_NAMES) if (name !== 'click') expect(len('click')).toBeLessThan(len(name));
    expect(len('victory')).toBeGreaterThan(len('hit'));
    expect(len('defeat')).toBeGreaterThan(len('hit'));
  });

  it('the battle ambience is a seamless 4-second loop with sound throughout', () => {
    const recipe = SOUND_RECIPES.battle_ambient;
    expect(recipe.loop).toBe(true);
    expect(recipeLength(recipe)).toBe(4);
    const samples = renderRecipe(recipe, RATE);
    expect(samples.length).toBe(4 * RATE);
    for (let second = 0; second < 4; second += 1) {
      expect(rms(samples, second * RATE, (second + 1) * RATE)).toBeGreaterThan(0.02);
    }
    // The join of the loop does not jump.
    expect(Math.abs((samples[0] ?? 0) - (samples[samples.length - 1] ?? 0))).toBeLessThan(0.1);
  });

  it('renders the same samples every time (noise is seeded)', () => {
    const a = renderRecipe(SOUND_RECIPES.hit, RATE);
    const b = renderRecipe(SOUND_RECIPES.hit, RATE);
    expect(Array.from(a)).toEqual(Array.from(b));
  });

  it('the envelope rises, decays and is silent outside the note', () => {
    expect(envelope(-0.01, 0.2)).toBe(0);
    expect(envelope(0.2, 0.2)).toBe(0);
    expect(envelope(0.004, 0.2)).toBeGreaterThan(envelope(0.1, 0.2));
    expect(envelope(0.1, 0.2, 'hold')).toBe(1);
    expect(envelope(0.199, 0.2, 'hold')).toBeLessThan(0.05);
  });

  it('tunes A4 to 440 Hz and an octave doubles the pitch', () => {
    expect(midiToHz(69)).toBe(440);
    expect(midiToHz(81)).toBeCloseTo(880);
  });
});

describe('effect levels', () => {
  it('play at the volume, the ambience at 30 % of it, and nothing when muted', () => {
    expect(effectLevel('attack', { volume: 0.5, muted: false })).toBe(0.5);
    expect(effectLevel('battle_ambient', { volume: 0.5, muted: false })).toBeCloseTo(0.15);
    expect(effectLevel('victory', { volume: 0.8, muted: true })).toBe(0);
    expect(effectLevel('battle_ambient', { volume: 1, muted: true })).toBe(0);
    expect(effectLevel('hit', { volume: 7, muted: false })).toBe(1);
    expect(effectLevel('hit', { volume: -1, muted: false })).toBe(0);
  });
});

describe('settings', () => {
  it('default to volume 0.5, sound on and flicker on', () => {
    expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('not json')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('[1,2]')).toEqual(DEFAULT_SETTINGS);
  });

  it('survive a round trip through storage', () => {
    const settings = { volume: 0.25, muted: true, reduceFlicker: true };
    expect(parseSettings(serializeSettings(settings))).toEqual(settings);
  });

  it('keep what is valid and replace what is not', () => {
    expect(parseSettings('{"volume":3,"muted":"yes","reduceFlicker":true}')).toEqual({
      volume: 1,
      muted: false,
      reduceFlicker: true,
    });
    expect(parseSettings('{"volume":"loud"}').volume).toBe(0.5);
    expect(clampVolume(0.333)).toBe(0.33);
    expect(clampVolume(Number.NaN)).toBe(0.5);
  });
});

describe('playSound', () => {
  afterEach(() => vi.restoreAllMocks());

  it('plays nothing before the player has clicked or pressed a key', () => {
    const made = vi.fn();
    vi.stubGlobal('window', { AudioContext: made });
    vi.stubGlobal('navigator', { userActivation: { hasBeenActive: false } });
    try {
      playSound('attack');
      playSound('hit');
    } finally {
      vi.unstubAllGlobals();
    }
    expect(made).not.toHaveBeenCalled();
  });

  it('only logs when the browser has no Web Audio, and never throws', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('window', {});
    vi.stubGlobal('navigator', { userActivation: { hasBeenActive: true } });
    try {
      expect(() => playSound('attack')).not.toThrow();
      expect(() => playSound('hit')).not.toThrow();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/no Web Audio/);
  });
});
