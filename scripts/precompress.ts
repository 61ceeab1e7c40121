import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The built client's text files; fonts (WOFF) and images are compressed already. */
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
/** Below this a compressed copy saves next to nothing. */
const MIN_BYTES = 256;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Writes `x.br` (brotli, quality 11) and `x.gz` (gzip, level 9) beside every text file of `dir`. */
export function precompressDir(dir: string): { files: number; raw: number; br: number; gz: number } {
  const total = { files: 0, raw: 0, br: 0, gz: 0 };
  for (const path of filesUnder(dir)) {
    if (!TEXT.test(path)) continue;
    const body = readFileSync(path);
    if (body.length < MIN_BYTES) continue;
    const br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    const gz = gzipSync(body, { level: 9 });
    // A copy no smaller than the file is not written: the file goes out as it is.
    if (br.length >= body.length) continue;
    writeFileSync(`${path}.br`, br);
    if (gz.length < body.length) writeFileSync(`${path}.gz`, gz);
    total.files++;
    total.raw += body.length;
    total.br += br.length;
    total.gz += gz.length;
  }
  return total;
}

/**
 * Vite plugin: after a build, every text file of the output gets its brotli and gzip copies,
 * which the server sends to browsers that accept them (src/server/http/client-files.ts).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'glitch-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const t = precompressDir(outDir);
      const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
      this.info(`precompressed ${t.files} files: ${kib(t.raw)} -> brotli ${kib(t.br)}, gzip ${kib(t.gz)}`);
    },
  };
}
