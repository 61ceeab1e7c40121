import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { PROJECT_ROOT } from './paths';

/** .env.example holds every variable of README 'Configure' with the default the table gives. */

const example = new Map(
  readFileSync(join(PROJECT_ROOT, '.env.example'), 'utf8')
    .split('\n')
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const),
);
const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
const table = [...readme.matchAll(/^\| `([A-Z_]+)` \| ([^|]+) \|/gm)].map(([, name, fallback]) => ({ name: name!, fallback: fallback!.trim() }));

describe('.env.example', () => {
  it("names every variable of the README's table, and only those", () => {
    expect(table.length).toBeGreaterThan(15);
    expect([...example.keys()].sort()).toEqual(table.map((v) => v.name).sort());
  });

  it('gives each the default the README states (empty where the default is unset or derived)', () => {
    for (const { name, fallback } of table) {
      const expected = /^`([^`]*)`/.exec(fallback)?.[1] ?? '';
      expect({ name, value: example.get(name) }).toEqual({ name, value: expected });
    }
  });

  it('is accepted by the server as it stands', () => {
    expect(() => loadConfig(Object.fromEntries(example))).not.toThrow();
  });
});
