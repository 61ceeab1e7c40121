/**
 * What the service worker stores at install (scripts/pwa/plugin.ts writes the list into sw.js
 * at build): the page shell, the offline screen, the manifest and its icons, and every hashed
 * file of the build under /assets/ (the fonts among them). Never the worker itself, source maps,
 * or the compressed copies the server picks from (`x.js.br`, `x.js.gz`).
 */

export interface BuiltFile {
  /** Path inside the build folder, `/`-separated: `index.html`, `assets/index-abc123.js`. */
  fileName: string;
  /** The file's contents; those of unhashed files make the version change when they do. */
  source: string | Uint8Array;
}

export interface Precache {
  /** Absolute URLs, sorted. */
  urls: string[];
  /** Changes whenever any precached file does, so a new build installs a new worker. */
  version: string;
}

const SHELL = new Set(['index.html', 'offline.html', 'manifest.webmanifest']);
/** Source maps and compressed copies. */
const SKIPPED = /\.(map|br|gz)$/;

export function isPrecached(fileName: string): boolean {
  if (SKIPPED.test(fileName)) return false;
  return SHELL.has(fileName) || fileName.startsWith('assets/') || /^icons\/[^/]+\.png$/.test(fileName);
}

/** Files under /assets/ carry their content hash in their names. */
function isHashedName(fileName: string): boolean {
  return fileName.startsWith('assets/');
}

/** FNV-1a, 32 bits, over bytes or the UTF-16 units of a string: a change detector, not a secret. */
export function fnv1a(data: string | Uint8Array, seed = 0x811c9dc5): number {
  let hash = seed;
  const length = data.length;
  for (let i = 0; i < length; i += 1) {
    hash ^= typeof data === 'string' ? data.charCodeAt(i) : (data[i] as number);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

export function precacheList(files: readonly BuiltFile[]): Precache {
  const kept = files.filter((f) => isPrecached(f.fileName)).sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0));
  let hash = 0x811c9dc5;
  for (const file of kept) {
    hash = fnv1a(`${file.fileName}\n`, hash);
    if (!isHashedName(file.fileName)) hash = fnv1a(file.source, hash);
  }
  return { urls: kept.map((f) => `/${f.fileName}`), version: hash.toString(36) };
}
