import { describe, expect, it } from 'vitest';
import { GUILD_AVATAR_IDS } from '@common/guild-rules';
import { GUILD_EMBLEM_SPRITES } from '@common/sprite-art/guild-emblems';
import { colourPaths } from './pixel-sprite';

/** The pixels a set of paths fills, read back from their `M x y h w v 1 h -w z` rectangles. */
function filled(paths: { color: string; d: string }[]): Map<string, string> {
  const pixels = new Map<string, string>();
  for (const { color, d } of paths) {
    const rects = [...d.matchAll(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g)];
    expect(rects.map((m) => m[0]).join('')).toBe(d);
    for (const [, x, y, w, back] of rects) {
      expect(back).toBe(w);
      for (let i = 0; i < Number(w); i++) {
        const key = `${Number(x) + i},${y}`;
        expect(pixels.has(key), `pixel ${key} painted twice`).toBe(false);
        pixels.set(key, color);
      }
    }
  }
  return pixels;
}

describe('colourPaths', () => {
  it('paints every pixel of its colour once, one path per colour, transparent where the palette has no colour', () => {
    const rows = ['aab.', '.bba', 'a..a'];
    const paths = colourPaths(rows, { a: '#f00', b: '#0f0' });
    expect(paths.map((p) => p.color)).toEqual(['#f00', '#0f0']);
    expect(paths[0]!.d).toBe('M0 0h2v1h-2zM3 1h1v1h-1zM0 2h1v1h-1zM3 2h1v1h-1z');
    expect(paths[1]!.d).toBe('M2 0h1v1h-1zM1 1h2v1h-2z');
  });

  it.each(GUILD_AVATAR_IDS)('draws the %s emblem pixel for pixel in a few elements', (id) => {
    const { rows, palette } = GUILD_EMBLEM_SPRITES[id];
    const paths = colourPaths(rows, palette);
    const expected = new Map<string, string>();
    rows.forEach((row, y) => [...row].forEach((ch, x) => palette[ch] && expected.set(`${x},${y}`, palette[ch])));
    expect(filled(paths)).toEqual(expected);
    expect(paths.length).toBe(new Set(expected.values()).size);
  });
});
