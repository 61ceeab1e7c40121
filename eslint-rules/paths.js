import { existsSync, statSync } from 'node:fs';
import { dirname, posix, resolve, sep } from 'node:path';

/** Shared by the repository's import rules: paths as the repository names them, and import resolution. */

export const toPosix = (path) => path.split(sep).join('/');

/** The repository root of a file under src/ (or null when the file is not under a src/ folder). */
export function rootOf(file) {
  const i = toPosix(file).lastIndexOf('/src/');
  return i < 0 ? null : toPosix(file).slice(0, i) || '/';
}

/** The repository path an import names (without extension), or null for a package. */
export function importedPath(source, file, root) {
  if (source === '@client' || source.startsWith('@client/')) return posix.join('src/client', source.slice('@client'.length));
  if (source === '@common' || source.startsWith('@common/')) return posix.join('src/common', source.slice('@common'.length));
  if (source.startsWith('.')) return posix.relative(root, toPosix(resolve(dirname(file), source)));
  return null;
}

export const inside = (path, folder) => path === folder || path.startsWith(`${folder}/`);

const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx'];

/** The file an import resolves to (absolute), or null when it is a package or not found. */
export function resolveImport(source, file, root) {
  const path = importedPath(source, file, root);
  if (path === null) return null;
  const base = posix.join(root, path);
  for (const candidate of [base, ...EXTENSIONS.map((ext) => base + ext)]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}
