import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AVATAR_IDS, CLASS_IDS } from '../characters';
import { avatarSpriteFile, enemySpriteFile } from '../sprite-files';
import { AVATAR_SPRITES, ENEMY_SPRITES, SPRITES, SPRITE_SIZE, renderSvg, spriteSvg, type SpriteArt } from './index';

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

function colours(art: { rows: readonly string[]; palette: Readonly<Record<string, string>> }): string[][] {
  return art.rows.map((row) => Array.from(row, (ch) => (ch === '.' ? '.' : art.palette[ch]!)));
}

describe('sprite catalogue', () => {
  it('has a sprite for every avatar and every class enemy under its asset file name', () => {
    for (const id of AVATAR_IDS) expect(SPRITES[avatarSpriteFile(id) as keyof typeof SPRITES]).toBe(AVATAR_SPRITES[id]);
    for (const classId of CLASS_IDS) {
      expect(SPRITES[enemySpriteFile(classId) as keyof typeof SPRITES]).toBe(ENEMY_SPRITES[classId]);
    }
    expect(entries).toHaveLength(AVATAR_IDS.length + CLASS_IDS.length);
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

  it('stands every avatar on the bottom rows', () => {
    for (const art of Object.values(AVATAR_SPRITES)) {
      const lowest = art.rows.findLastIndex((row) => /[^.]/.test(row));
      expect(lowest, art.name).toBeGreaterThanOrEqual(SPRITE_SIZE - 2);
    }
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
