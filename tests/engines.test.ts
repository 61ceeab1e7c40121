import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/** Every installed package that names the Node versions it needs. */
function installed(dir: string, found: { name: string; version: string; node: string }[] = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.name.startsWith('@')) {
      installed(path, found);
      continue;
    }
    const manifest = join(path, 'package.json');
    if (existsSync(manifest)) {
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string; engines?: { node?: string } };
      if (pkg.name && pkg.version && pkg.engines?.node) found.push({ name: pkg.name, version: pkg.version, node: pkg.engines.node });
    }
    if (existsSync(join(path, 'node_modules'))) installed(join(path, 'node_modules'), found);
  }
  return found;
}

describe('engines', () => {
  it("the oldest Node that package.json declares satisfies every installed dependency's own requirement", () => {
    const ours = (JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }).engines.node;
    const oldest = semver.minVersion(ours)!.version;
    const unmet = installed('node_modules')
      .filter((p) => semver.validRange(p.node) && !semver.satisfies(oldest, p.node))
      .map((p) => `${p.name}@${p.version} needs node ${p.node}`);
    expect(unmet).toEqual([]);
  });
});
