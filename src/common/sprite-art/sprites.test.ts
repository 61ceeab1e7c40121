import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AVATAR_IDS, CLASS_IDS } from '../characters';
import { GUILD_AVATAR_IDS, guildAvatarFile } from '../guilds';
import { IMAGE_SETS } from '../image-sets';
import { DEFAULT_IMAGE_SET, avatarSpriteFile, enemySpriteFile } from '../sprite-files';
import {
  AVATAR_SPRITES,
  AVATAR_VARIANT_SPRITES,
  BASE_PALETTE,
  ENEMY_SPRITES,
  GUILD_EMBLEM_SPRITES,
  IMAGE_SET_LOOKS,
  IMAGE_SET_LOOK_IDS,
  SPRITES,
  SPRITE_SIZE,
  imageSetVariant,
  renderSvg,
  spriteSvg,
  type ImageSetLookId,
  type SpriteArt,
} from './index';
import { tearRows } from './image-set-palettes';

const ASSETS = new URL('../../../assets/', import.meta.url);
const entries = Object.entries(SPRITES) as [string, SpriteArt][];

/** Paints the SVG's rectangles in order and returns the colour of every pixel ('.' when unpainted). */
function paint(svg: string, size: number): string[][] {
  const grid = Array.from({ length: size }, () => Array<string>(size).fill('.'));
  for (const group of svg.matchAll(/<g fill="([^"]+)">(.*?)<\/g>/g)) {
    for (const r of group[2]!.matchAll(/<rect x="(\d+)" y="(\d+)" width="(\d+)" height="(\d+)"\/>/g)) {
      const [x, y, w, h] = [r[1], r[2], r[3], r[4]].map(Number) as [number, number, number, number];
      for (let yy = y; yy < y + h; yy += 1) for (let xx = x; xx < x + w; xx += 1) grid[yy]![xx] = group[1]!;
    }
  }
  return grid;
}

/** Relative luminance of a '#rrggbb' colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** How many pixels of a row are opaque. */
function opaque(row: string): number {
  return row.replace(/\./g, '').length;
}

function colours(art: { rows: readonly string[]; palette: Readonly<Record<string, string>> }): string[][] {
  return art.rows.map((row) => Array.from(row, (ch) => (ch === '.' ? '.' : art.palette[ch]!)));
}

describe('sprite catalogue', () => {
  it('has a sprite for every avatar and every class enemy under its asset file name', () => {
    for (const id of AVATAR_IDS) expect(SPRITES[avatarSpriteFile(id) as keyof typeof SPRITES]).toBe(AVATAR_SPRITES[id]);
    for (const classId of CLASS_IDS) {
      expect(SPRITES[enemySpriteFile(classId) as keyof typeof SPRITES]).toBe(ENEMY_SPRITES[classId]);
    }
    expect(entries).toHaveLength(AVATAR_IDS.length * IMAGE_SETS.length + CLASS_IDS.length + GUILD_AVATAR_IDS.length);
  });

  it('has the 12 guild emblems under guild-{id}.svg', () => {
    expect(GUILD_AVATAR_IDS).toHaveLength(12);
    for (const id of GUILD_AVATAR_IDS) expect(SPRITES[guildAvatarFile(id) as keyof typeof SPRITES], id).toBe(GUILD_EMBLEM_SPRITES[id]);
  });

  it('has a sprite for every avatar in every image set under avatarSpriteFile', () => {
    for (const id of AVATAR_IDS) {
      for (const set of IMAGE_SETS) {
        const file = avatarSpriteFile(id, set.id);
        expect(Object.hasOwn(SPRITES, file), file).toBe(true);
        const expected = set.id === DEFAULT_IMAGE_SET ? AVATAR_SPRITES[id] : AVATAR_VARIANT_SPRITES[id][set.id as ImageSetLookId];
        expect(SPRITES[file as keyof typeof SPRITES], file).toBe(expected);
      }
    }
    const files = AVATAR_IDS.flatMap((id) => IMAGE_SET_LOOK_IDS.map((look) => avatarSpriteFile(id, look)));
    expect(files).toHaveLength(40);
    expect(new Set(files).size).toBe(40);
    expect(files).toContain('warrior1-neon.svg');
    expect(files).toContain('berserker1-corrupted.svg');
  });

  it.each(entries)('%s is a 32x32 matrix of palette characters', (_file, art) => {
    expect(art.rows).toHaveLength(SPRITE_SIZE);
    for (const row of art.rows) {
      expect(row).toHaveLength(SPRITE_SIZE);
      for (const ch of row) expect(ch === '.' || Object.hasOwn(art.palette, ch), `'${ch}' in ${row}`).toBe(true);
    }
    for (const colour of Object.values(art.palette)) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
    expect(art.name.length).toBeGreaterThan(0);
  });

  it('draws every sprite differently, under its own name', () => {
    const looks = new Set(entries.map(([, art]) => JSON.stringify(colours(art))));
    const names = new Set(entries.map(([, art]) => art.name));
    expect(looks.size).toBe(entries.length);
    expect(names.size).toBe(entries.length);
  });

  it('stands every avatar, in every look, on the bottom rows', () => {
    const looks = Object.values(AVATAR_VARIANT_SPRITES).flatMap((variants) => Object.values(variants));
    for (const art of [...Object.values(AVATAR_SPRITES), ...looks]) {
      const lowest = art.rows.findLastIndex((row) => /[^.]/.test(row));
      expect(lowest, art.name).toBeGreaterThanOrEqual(SPRITE_SIZE - 2);
    }
  });
});

describe('image-set looks', () => {
  const variants = AVATAR_IDS.flatMap((id) =>
    IMAGE_SET_LOOK_IDS.map((look) => [id, look, AVATAR_VARIANT_SPRITES[id][look]] as const),
  );

  it('gives a look to every image set but the default, under the set\'s name', () => {
    const sets = IMAGE_SETS.filter((set) => set.id !== DEFAULT_IMAGE_SET);
    expect(sets.map((set) => set.id)).toEqual([...IMAGE_SET_LOOK_IDS]);
    for (const set of sets) expect(IMAGE_SET_LOOKS[set.id as ImageSetLookId].name).toBe(set.name);
  });

  it('recolours every pixel role, keeping light, shade and dark in order', () => {
    const ramps = ['SsD', 'Ff', 'Hh', 'PpO', 'Qq', 'Bb', 'Cc', 'Mm', 'Gg'];
    for (const look of IMAGE_SET_LOOK_IDS) {
      const { palette } = IMAGE_SET_LOOKS[look];
      expect(Object.keys(palette).sort(), look).toEqual(Object.keys(BASE_PALETTE).sort());
      for (const colour of Object.values(palette)) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
      for (const ramp of ramps) {
        const steps = Array.from(ramp, (role) => luminance(palette[role]!));
        for (let i = 1; i < steps.length; i += 1) expect(steps[i], `${look} ${ramp}`).toBeLessThan(steps[i - 1]!);
      }
      // The outline stays the darkest colour, so the silhouette keeps its edge.
      const outline = luminance(palette.K!);
      for (const [role, colour] of Object.entries(palette)) {
        if (role !== 'K') expect(luminance(colour), `${look} ${role}`).toBeGreaterThan(outline);
      }
    }
  });

  it.each(variants)('%s in %s differs from its default look and is named after both', (id, look, art) => {
    const base = AVATAR_SPRITES[id];
    expect(JSON.stringify(colours(art))).not.toBe(JSON.stringify(colours(base)));
    expect(art.name).toBe(`${base.name} (${IMAGE_SET_LOOKS[look].name})`);
    expect(imageSetVariant(base, look)).toEqual(art);
  });

  it.each(variants)('%s in %s keeps the silhouette of its default look', (id, look, art) => {
    const base = AVATAR_SPRITES[id];
    if (look !== 'corrupted') {
      expect(art.rows).toEqual(base.rows);
      return;
    }
    // The corrupted look tears at most three rows and leaves the rest, feet included, in place.
    const torn = art.rows.flatMap((row, y) => (row === base.rows[y] ? [] : [y]));
    expect(torn.length).toBeGreaterThan(0);
    expect(torn.length).toBeLessThanOrEqual(3);
    expect(Math.max(...torn)).toBeLessThan(SPRITE_SIZE - 8);
    // A torn row keeps every pixel and gains one glitch fringe pixel.
    for (const y of torn) expect(opaque(art.rows[y]!)).toBe(opaque(base.rows[y]!) + 1);
  });

  it.each(variants)('%s in %s renders in under 8 KB', (_id, _look, art) => {
    expect(Buffer.byteLength(spriteSvg(art))).toBeLessThan(8 * 1024);
  });

  it('tears rows sideways without pushing pixels off the edge', () => {
    const rows = Array.from({ length: SPRITE_SIZE }, (_, y) =>
      y < 4 ? '.'.repeat(SPRITE_SIZE) : `${'.'.repeat(10)}${'K'.repeat(12)}${'.'.repeat(10)}`,
    );
    const torn = tearRows(rows);
    expect(tearRows(rows)).toEqual(torn);
    expect(torn).toHaveLength(SPRITE_SIZE);
    for (const row of torn) expect(row).toHaveLength(SPRITE_SIZE);
    const changed = torn.flatMap((row, y) => (row === rows[y] ? [] : [y]));
    expect(changed).toEqual([12, 13, 19]);
    expect(torn[12]).toBe(`${'.'.repeat(11)}X${'K'.repeat(12)}${'.'.repeat(8)}`);
    expect(torn[19]).toBe(`${'.'.repeat(9)}${'K'.repeat(12)}Z${'.'.repeat(10)}`);

    const full = Array.from({ length: SPRITE_SIZE }, () => 'K'.repeat(SPRITE_SIZE));
    expect(tearRows(full)).toEqual(full);
    const empty = Array.from({ length: SPRITE_SIZE }, () => '.'.repeat(SPRITE_SIZE));
    expect(tearRows(empty)).toEqual(empty);
  });
});

describe('renderSvg', () => {
  const rows = ['K.W', 'KKW', '.<.'];
  const palette = { K: '#07070d', W: '#ffffff', '<': '#22d3ee' };

  it('writes a crisp, self-contained SVG with a title', () => {
    const svg = renderSvg(rows, palette, 'Tom & "Jerry" <3>');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 3 3" width="3" height="3" shape-rendering="crispEdges">/);
    expect(svg).toContain('<title>Tom &amp; &quot;Jerry&quot; &lt;3&gt;</title>');
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
  });

  it('is deterministic and paints exactly the matrix', () => {
    expect(renderSvg(rows, palette)).toBe(renderSvg(rows, palette));
    expect(paint(renderSvg(rows, palette), 3)).toEqual(colours({ rows, palette }));
  });

  it('merges runs of one colour', () => {
    const svg = renderSvg(['KKKK', 'KKKK'], { K: '#000000' });
    expect(svg.match(/<rect/g)).toHaveLength(1);
    expect(svg).toContain('<rect x="0" y="0" width="4" height="2"/>');
  });

  it('leaves characters missing from the palette transparent', () => {
    expect(paint(renderSvg(['K?'], { K: '#000000' }), 2)[0]).toEqual(['#000000', '.']);
  });
});

describe('sprite assets', () => {
  it.each(entries)('%s paints its matrix in a compact SVG', (_file, art) => {
    const svg = spriteSvg(art);
    expect(svg).toContain('viewBox="0 0 32 32" width="32" height="32" shape-rendering="crispEdges"');
    expect(svg).toContain(`<title>${art.name}</title>`);
    expect(svg).not.toMatch(/href|url\(|<image|<script|<style/);
    expect(Buffer.byteLength(svg)).toBeLessThan(8 * 1024);
    expect(paint(svg, SPRITE_SIZE)).toEqual(colours(art));
  });

  it.each(entries)('assets/%s is up to date', (file, art) => {
    expect(readFileSync(new URL(file, ASSETS), 'utf8')).toBe(spriteSvg(art));
  });

  it('finds the assets up to date with the render script', () => {
    const script = fileURLToPath(new URL('../../../scripts/render-sprites.ts', import.meta.url));
    const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
    const result = spawnSync(tsx, [script, '--check'], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  }, 30_000);
});
