/**
 * Writes every sprite of the game to assets/<file> as SVG: `npx tsx scripts/render-sprites.ts`.
 * With `--check` it writes nothing, lists the files that are missing or differ from what it
 * would write, and exits 1 when there are any.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SPRITES, spriteSvg } from '@common/sprite-art';

const ASSETS_DIR = fileURLToPath(new URL('../assets/', import.meta.url));
const check = process.argv.includes('--check');

const files = Object.entries(SPRITES).map(([file, art]) => ({ file, path: join(ASSETS_DIR, file), svg: spriteSvg(art) }));

if (check) {
  const stale = files.filter(({ path, svg }) => !existsSync(path) || readFileSync(path, 'utf8') !== svg);
  if (stale.length > 0) {
    console.error(`${stale.length} sprite file(s) out of date (run npx tsx scripts/render-sprites.ts):`);
    for (const { file } of stale) console.error(`  assets/${file}`);
    process.exit(1);
  }
  console.log(`${files.length} sprite files up to date`);
} else {
  mkdirSync(ASSETS_DIR, { recursive: true });
  let bytes = 0;
  for (const { path, svg } of files) {
    writeFileSync(path, svg);
    bytes += Buffer.byteLength(svg);
  }
  console.log(`Wrote ${files.length} sprites to assets/ (${bytes.toLocaleString('en-US')} bytes)`);
}
