import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's root (where package.json is), found from this module whether it runs from
 * `src/server` (tsx in development and tests) or from the `dist/server` bundle (`npm start`).
 */
function findRoot(from: string): string {
  let dir = dirname(from);
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
  return dir;
}

export const PROJECT_ROOT = findRoot(fileURLToPath(import.meta.url));
