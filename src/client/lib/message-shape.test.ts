import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { samples } from '@common/ws-message-samples';
import { serverMessage } from '@common/ws-messages';
import { checkShape } from './message-shape';
import { serverMessageShape } from './server-message-shape';
import { shapeOf } from './shape-of';

type Json = unknown;
type Path = (string | number)[];

/** Every place in a value: the root, each key of an object, each item of an array. */
function placesOf(value: Json, path: Path = []): Path[] {
  const inner =
    Array.isArray(value) ? value.flatMap((item, i) => placesOf(item, [...path, i]))
    : value && typeof value === 'object' ? Object.entries(value).flatMap(([key, item]) => placesOf(item, [...path, key]))
    : [];
  return [path, ...inner];
}

/** A copy of `value` with `change` applied to what is at `path` (its parent and key). */
function changed(value: Json, path: Path, change: (parent: Record<string | number, Json>, key: string | number) => void): Json {
  const copy = structuredClone(value) as Record<string | number, Json>;
  if (path.length === 0) {
    const holder: Record<string, Json> = { root: copy };
    change(holder, 'root');
    return holder.root;
  }
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, Json>;
  change(parent, path.at(-1)!);
  return copy;
}

const REPLACEMENTS: Json[] = [null, 'x', 0, 1, -1, 1.5, 2 ** 53, true, {}, [0], 'player', 'active'];

/** Broken (and some still valid) versions of a message: each place replaced, removed, grown or shrunk. */
function variantsOf(message: Json): Json[] {
  const out: Json[] = [];
  for (const path of placesOf(message)) {
    for (const next of REPLACEMENTS) out.push(changed(message, path, (parent, key) => void (parent[key] = structuredClone(next))));
    out.push(
      changed(message, path, (parent, key) => {
        if (Array.isArray(parent)) parent.splice(key as number, 1);
        else delete parent[key];
      }),
    );
    out.push(
      changed(message, path, (parent, key) => {
        const at = parent[key];
        if (Array.isArray(at)) at.push(structuredClone(at.at(-1) ?? 0));
        else if (at && typeof at === 'object') (at as Record<string, Json>).extra = 'kept out';
      }),
    );
  }
  return out;
}

const TYPES = serverMessage.options.map((option) => option.shape.type.value);

/** Every sample, every variant of each, and each sample under every other type. */
const corpus: Json[] = samples.flatMap((sample) => {
  const wire = JSON.parse(JSON.stringify(sample)) as Record<string, Json>;
  return [wire, ...variantsOf(wire), ...TYPES.map((type) => ({ ...wire, type }))];
});

describe('the shape of server messages', () => {
  it('accepts and refuses exactly what the schemas do, and returns what they return', () => {
    let accepted = 0;
    const disagreements: string[] = [];
    for (const message of corpus) {
      const schema = serverMessage.safeParse(message);
      const shape = checkShape(serverMessageShape, message);
      if (shape.ok !== schema.success || (shape.ok && !isDeepStrictEqual(shape.value, schema.data))) disagreements.push(JSON.stringify(message));
      if (shape.ok) accepted++;
    }
    expect(disagreements.slice(0, 5)).toEqual([]);
    // Both sides of the line are tried, many times each.
    expect(corpus.length).toBeGreaterThan(5000);
    expect(accepted).toBeGreaterThan(300);
    expect(corpus.length - accepted).toBeGreaterThan(4000);
  }, 180_000);

  it('says where a message left its contract', () => {
    const broken = checkShape(serverMessageShape, { type: 'spectators', battleId: 3, count: 1.5 });
    expect(broken.ok ? null : broken.issue.path).toEqual(['count']);
    const unknown = checkShape(serverMessageShape, { type: 'no_such_message' });
    expect(unknown.ok ? null : unknown.issue.path).toEqual(['type']);
  });

  it('keeps only the keys of the contract, as the schema does', () => {
    const result = checkShape(serverMessageShape, { type: 'pong', extra: 1 });
    expect(result).toEqual({ ok: true, value: { type: 'pong' } });
  });

  it('refuses to make a shape of a schema it would check differently', () => {
    expect(() => shapeOf(z.string().refine((s) => s.length > 2))).toThrow(/has no shape/);
    expect(() => shapeOf(z.string().transform((s) => s.length))).toThrow(/has no shape/);
    expect(() => shapeOf(z.number().default(3))).toThrow(/has no shape/);
    expect(() => shapeOf(z.string().regex(/a/))).toThrow(/has no shape/);
    expect(shapeOf(z.object({ n: z.number().int().min(1).max(9), s: z.string().max(3) }))).toEqual({
      k: 'obj',
      p: { n: { k: 'num', int: true, min: 1, max: 9 }, s: { k: 'str', max: 3 } },
    });
  });
});
