import { type SpriteArt, type SpritePalette } from './palette';

/**
 * Image-set looks of the avatar sprites (image-sets.ts). A look recolours every pixel role of
 * palette.ts, the same way for every avatar, so a variant keeps its avatar's rows, outline and
 * shading ramps (light, shade, dark stay ordered from light to dark) and only its colours
 * change. A look may also pass the rows through a pure, deterministic transform.
 */

export const IMAGE_SET_LOOK_IDS = ['neon', 'shadow', 'inferno', 'golden', 'corrupted'] as const;
export type ImageSetLookId = (typeof IMAGE_SET_LOOK_IDS)[number];

export interface ImageSetLook {
  /** Shown after the avatar's name in the sprite title, e.g. 'Knight Warrior (Neon Overdrive)'. */
  name: string;
  /** Colours of every pixel role, laid over the avatar's own palette. */
  palette: SpritePalette;
  /** Reshapes the rows; it must keep them 32 rows of 32 characters. */
  transform?: (rows: readonly string[]) => string[];
}

/** Electric cyan chrome and magenta cloth on violet-glowing outlines. */
const NEON_PALETTE: SpritePalette = {
  K: '#1c0a36',
  W: '#ffffff',
  E: '#67e8f9',
  S: '#a5f3fc',
  s: '#22d3ee',
  D: '#0e7490',
  F: '#efc9bb',
  f: '#b57f8a',
  H: '#ff5ccf',
  h: '#b0188f',
  P: '#e040fb',
  p: '#a21caf',
  O: '#581c87',
  Q: '#67e8f9',
  q: '#0891b2',
  B: '#7c3aed',
  b: '#4c1d95',
  C: '#5ff5ff',
  c: '#0aa5c0',
  M: '#ff5cf4',
  m: '#b4109f',
  L: '#5ff5ff',
  G: '#ff8cf8',
  g: '#c026d3',
  X: '#ff5cf4',
  Z: '#5ff5ff',
};

/** Gunmetal plates and violet cloth, lit only by violet glows. */
const SHADOW_PALETTE: SpritePalette = {
  K: '#040408',
  W: '#d6ccff',
  E: '#c084fc',
  S: '#8c93ab',
  s: '#565c75',
  D: '#2f3347',
  F: '#bdb3c9',
  f: '#82778f',
  H: '#6e6a8a',
  h: '#3d3a52',
  P: '#5b3f96',
  p: '#38275e',
  O: '#1c1433',
  Q: '#4a5068',
  q: '#2b2f40',
  B: '#4a3d5c',
  b: '#2a2236',
  C: '#a78bfa',
  c: '#6d28d9',
  M: '#c084fc',
  m: '#7e22ce',
  L: '#a78bfa',
  G: '#9d7bff',
  g: '#5b3cc4',
  X: '#c084fc',
  Z: '#8b9cff',
};

/** Molten metal and ember-red cloth, with yellow-hot glows and charred wood. */
const INFERNO_PALETTE: SpritePalette = {
  K: '#1f0602',
  W: '#fff5c2',
  E: '#fde047',
  S: '#ffb86b',
  s: '#e8590c',
  D: '#8a2a0a',
  F: '#f6b48c',
  f: '#c4643e',
  H: '#ff9a26',
  h: '#c9300e',
  P: '#e02a1e',
  p: '#9c1515',
  O: '#4d0a08',
  Q: '#ff8a1f',
  q: '#a8390c',
  B: '#6b3220',
  b: '#3a170d',
  C: '#ffe14d',
  c: '#f07a10',
  M: '#ff6a2b',
  m: '#b81c12',
  L: '#ffe14d',
  G: '#ffe14d',
  g: '#d0500c',
  X: '#ff6a2b',
  Z: '#ffe14d',
};

/** Gilded plates, ivory cloth and white-gold light. */
const GOLDEN_PALETTE: SpritePalette = {
  K: '#241603',
  W: '#ffffff',
  E: '#fff7d1',
  S: '#ffe58a',
  s: '#dba72a',
  D: '#8f5e12',
  F: '#f3c9a1',
  f: '#c48a62',
  H: '#ffd54f',
  h: '#c48a14',
  P: '#fbf6e6',
  p: '#d8ccab',
  O: '#9a8a62',
  Q: '#f5c842',
  q: '#a8740f',
  B: '#c08d3c',
  b: '#7a5418',
  C: '#ffcf3a',
  c: '#b07a10',
  M: '#fff0a8',
  m: '#d19a12',
  L: '#fffbe8',
  G: '#ffffff',
  g: '#e0a81c',
  X: '#fff0a8',
  Z: '#ffffff',
};

/** Sickly green cloth and skin, bruised leather and magenta static. */
const CORRUPTED_PALETTE: SpritePalette = {
  K: '#06130a',
  W: '#ecffd6',
  E: '#ff2bd6',
  S: '#a3c79b',
  s: '#5f815c',
  D: '#2f4531',
  F: '#c9d9a1',
  f: '#8aa068',
  H: '#f03cd2',
  h: '#8e1280',
  P: '#74c72a',
  p: '#3f7a16',
  O: '#1c3a0b',
  Q: '#d83ccb',
  q: '#7d1a75',
  B: '#56405c',
  b: '#2e2133',
  C: '#4dff2e',
  c: '#1f9410',
  M: '#ff2bd6',
  m: '#9c0f87',
  L: '#4dff2e',
  G: '#e8ff3d',
  g: '#8c9c10',
  X: '#ff2bd6',
  Z: '#4dff2e',
};

/** Rows that hold at least one pixel, top to bottom. */
function paintedRows(rows: readonly string[]): number[] {
  return rows.flatMap((row, y) => (/[^.]/.test(row) ? [y] : []));
}

/**
 * The row moved `by` pixels sideways (right when positive), with a one-pixel fringe of `fringe`
 * in the vacated pixel next to its trailing edge; unchanged when that would push a pixel off the edge.
 */
function shiftRow(row: string, by: number, fringe: string): string {
  const first = row.search(/[^.]/);
  const last = row.length - 1 - [...row].reverse().findIndex((ch) => ch !== '.');
  if (first < 0 || first + by < 0 || last + by >= row.length) return row;
  const moved = by > 0 ? '.'.repeat(by) + row.slice(0, row.length - by) : row.slice(-by) + '.'.repeat(-by);
  const fringeAt = by > 0 ? first + by - 1 : last + by + 1;
  return moved.slice(0, fringeAt) + fringe + moved.slice(fringeAt + 1);
}

/**
 * Signal tearing: a two-row band a third of the way down the figure slips two pixels right,
 * trailing a magenta fringe, and a row just past the middle slips one pixel left, trailing a
 * green one. The feet stay planted.
 */
export function tearRows(rows: readonly string[]): string[] {
  const painted = paintedRows(rows);
  const top = painted[0];
  const bottom = painted.at(-1);
  if (top === undefined || bottom === undefined) return [...rows];
  const at = (fraction: number) => top + Math.round((bottom - top) * fraction);
  const shifts = new Map<number, [number, string]>([
    [at(0.3), [2, 'X']],
    [at(0.3) + 1, [2, 'X']],
    [at(0.56), [-1, 'Z']],
  ]);
  return rows.map((row, y) => {
    const shift = shifts.get(y);
    return shift ? shiftRow(row, ...shift) : row;
  });
}

export const IMAGE_SET_LOOKS: Readonly<Record<ImageSetLookId, ImageSetLook>> = {
  neon: { name: 'Neon Overdrive', palette: NEON_PALETTE },
  shadow: { name: 'Shadow Protocol', palette: SHADOW_PALETTE },
  inferno: { name: 'Inferno Core', palette: INFERNO_PALETTE },
  golden: { name: 'Golden Legend', palette: GOLDEN_PALETTE },
  corrupted: { name: 'Corrupted Signal', palette: CORRUPTED_PALETTE, transform: tearRows },
};

/** An avatar sprite drawn in an image set's look. */
export function imageSetVariant(art: SpriteArt, lookId: ImageSetLookId): SpriteArt {
  const look = IMAGE_SET_LOOKS[lookId];
  return {
    name: `${art.name} (${look.name})`,
    rows: look.transform ? look.transform(art.rows) : [...art.rows],
    palette: { ...art.palette, ...look.palette },
  };
}
