/**
 * Draws the installed game's icons from the Knight Warrior sprite (src/common/sprite-art) to
 * src/client/pwa/: `npx tsx scripts/render-icons.ts`. Each sprite pixel becomes a square of
 * screen pixels, so the icons stay crisp pixel art; a cyan and a magenta copy of the sprite's
 * outline, shifted one pixel either way, give it the game's glitch look. The maskable icon has no
 * frame and keeps the sprite inside the 80 % circle every launcher mask leaves visible.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AVATAR_SPRITES, SPRITE_SIZE } from '@common/sprite-art';
import { encodePng } from './pwa/png';

const OUT_DIR = fileURLToPath(new URL('../src/client/pwa/', import.meta.url));

/** The game's palette (src/client/styles.css). */
const VOID = '#07070d';
const PANEL = '#11111d';
const CYAN = '#22e4ff';
const MAGENTA = '#ff2bd6';

type Rgba = [number, number, number, number];
const rgba = (hex: string): Rgba => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).concat(255) as Rgba;

interface IconSpec {
  file: string;
  size: number;
  maskable: boolean;
}

function drawIcon({ size, maskable }: IconSpec): Buffer {
  const art = AVATAR_SPRITES.warrior1;
  const pixels = new Uint8Array(size * size * 4);
  const fill = (x0: number, y0: number, w: number, h: number, colour: Rgba) => {
    for (let y = Math.max(0, y0); y < Math.min(size, y0 + h); y += 1) {
      for (let x = Math.max(0, x0); x < Math.min(size, x0 + w); x += 1) pixels.set(colour, (y * size + x) * 4);
    }
  };
  fill(0, 0, size, size, rgba(maskable ? PANEL : VOID));
  // The sprite's half-diagonal stays inside the maskable safe circle (radius 0.4 × size).
  const scale = maskable ? Math.floor((0.4 * size) / (SPRITE_SIZE * Math.SQRT1_2)) : Math.floor((size * 5) / 6 / SPRITE_SIZE);
  if (!maskable) {
    const t = Math.max(2, Math.round(size / 64));
    fill(t, t, size - 2 * t, size - 2 * t, rgba(CYAN));
    fill(2 * t, 2 * t, size - 4 * t, size - 4 * t, rgba(PANEL));
  }
  const origin = Math.floor((size - SPRITE_SIZE * scale) / 2);
  const opaque = (x: number, y: number) => {
    const ch = art.rows[y]?.[x];
    return ch !== undefined && ch !== '.' && Object.hasOwn(art.palette, ch);
  };
  const paint = (dx: number, colourOf: (ch: string) => string | null) => {
    art.rows.forEach((row, y) => {
      Array.from(row).forEach((ch, x) => {
        if (!opaque(x, y)) return;
        const colour = colourOf(ch);
        if (colour) fill(origin + (x + dx) * scale, origin + y * scale, scale, scale, rgba(colour));
      });
    });
  };
  paint(-1, () => CYAN);
  paint(1, () => MAGENTA);
  paint(0, (ch) => art.palette[ch] ?? null);
  return encodePng(size, size, pixels);
}

export const ICONS: readonly IconSpec[] = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
];

for (const icon of ICONS) {
  const png = drawIcon(icon);
  writeFileSync(`${OUT_DIR}${icon.file}`, png);
  console.log(`src/client/pwa/${icon.file}: ${icon.size}x${icon.size}, ${png.length.toLocaleString('en-US')} bytes`);
}
