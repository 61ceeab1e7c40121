/**
 * Shared colours of the game's pixel sprites.
 *
 * Every sprite is a 32x32 matrix of one-character pixels ('.' is transparent) and a palette
 * mapping characters to colours. Characters name a role rather than a colour, the same
 * role in every sprite, so an image-set variant of a sprite is a palette swap that keeps
 * its rows:
 *
 * - K outline; W highlight; E eyes
 * - S s D metal: light, mid, dark
 * - F f skin: light, shade
 * - H h hair (or fur): light, shade
 * - P p O primary cloth: light, shade, dark
 * - Q q secondary cloth: light, shade
 * - B b leather and wood: light, shade
 * - C c cyan glow: bright, deep; M m magenta glow: bright, deep
 * - L lime glow; G g gold or amber: bright, deep
 * - X Z loose glowing fragments without an outline (sparks, glitch shards): magenta, cyan
 */

export type SpritePalette = Readonly<Record<string, string>>;

export interface SpriteArt {
  /** Display name, used as the SVG title. */
  name: string;
  /** 32 rows of 32 characters each. */
  rows: readonly string[];
  palette: SpritePalette;
}

export const SPRITE_SIZE = 32;

/** Background the sprites are drawn to be read on. */
export const ARENA_BACKGROUND = '#0b0b14';

export const NEON = {
  cyan: '#22d3ee',
  magenta: '#e879f9',
  lime: '#a3e635',
  amber: '#fbbf24',
} as const;

/** Roles every sprite shares; a sprite's palette spreads these and sets its own cloth, hair and glow. */
export const BASE_PALETTE: SpritePalette = {
  K: '#07070d',
  W: '#ffffff',
  E: NEON.lime,
  S: '#c9cbe8',
  s: '#7b7fae',
  D: '#45486e',
  H: '#8b5a2b',
  h: '#5a3a1c',
  P: '#3b5bdb',
  p: '#22348f',
  O: '#151a3d',
  Q: '#6b7280',
  q: '#3f4451',
  F: '#f1c29b',
  f: '#c08462',
  B: '#9a6a44',
  b: '#5e3d2a',
  C: NEON.cyan,
  c: '#0e7490',
  M: NEON.magenta,
  m: '#a21caf',
  L: NEON.lime,
  G: NEON.amber,
  g: '#b45309',
  X: NEON.magenta,
  Z: NEON.cyan,
};
