/**
 * The shape of a JSON value as a plain literal, and its check: what the socket's messages are
 * checked with on the client, without loading zod. Shapes are made from the zod schemas of
 * src/common by `shapeOf` (shape-of.ts) and written out at build time (scripts/message-shape.ts);
 * message-shape.test.ts shows that a shape accepts, refuses and returns exactly what its schema does.
 *
 * - 'str', 'num' (finite), 'int' (safe integer), 'bool', 'any';
 * - `{ k: 'str', min?, max? }` lengths, `{ k: 'num', int?, min?, max?, gt?, lt? }` bounds;
 * - `{ k: 'lit', v: [...] }` one of these values (a literal or an enum);
 * - `{ k: 'obj', p: { key: shape } }` an object whose other keys are dropped; `{ k: 'opt', of }` a
 *   key that may be missing; `{ k: 'nul', of }` or null;
 * - `{ k: 'arr', of, min?, max? }`, `{ k: 'tup', of: [...] }`, `{ k: 'rec', of }` (string keys);
 * - `{ k: 'or', of: [...], by? }` the first that fits; with `by`, the one whose `by` key fits.
 */
export type Shape =
  | 'str'
  | 'num'
  | 'int'
  | 'bool'
  | 'any'
  | { k: 'str'; min?: number; max?: number }
  | { k: 'num'; int?: true; min?: number; max?: number; gt?: number; lt?: number }
  | { k: 'lit'; v: readonly (string | number | boolean | null)[] }
  | { k: 'obj'; p: Record<string, Shape> }
  | { k: 'opt'; of: Shape }
  | { k: 'nul'; of: Shape }
  | { k: 'arr'; of: Shape; min?: number; max?: number }
  | { k: 'tup'; of: Shape[] }
  | { k: 'rec'; of: Shape }
  | { k: 'or'; of: Shape[]; by?: string };

/** Where a value left its shape (the keys and indices down to it) and how. */
export interface ShapeIssue {
  path: (string | number)[];
  message: string;
}

export type ShapeResult = { ok: true; value: unknown } | { ok: false; issue: ShapeIssue };

const fail = (path: (string | number)[], message: string): ShapeResult => ({ ok: false, issue: { path, message } });

/** What a value is, in the words of zod's messages. */
const kindOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** A value of the wrong kind, worded as zod words it. */
const wrong = (path: (string | number)[], expected: string, value: unknown): ShapeResult => fail(path, `Invalid input: expected ${expected}, received ${kindOf(value)}`);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function checkNumber(shape: { int?: true; min?: number; max?: number; gt?: number; lt?: number }, value: unknown, path: (string | number)[]): ShapeResult {
  if (typeof value !== 'number' || !Number.isFinite(value)) return wrong(path, 'number', value);
  if (shape.int && !Number.isSafeInteger(value)) return wrong(path, 'int', value);
  if ((shape.min !== undefined && value < shape.min) || (shape.gt !== undefined && value <= shape.gt)) return fail(path, 'too small');
  if ((shape.max !== undefined && value > shape.max) || (shape.lt !== undefined && value >= shape.lt)) return fail(path, 'too big');
  return { ok: true, value };
}

function checkLength(shape: { min?: number; max?: number }, length: number, path: (string | number)[]): ShapeResult | null {
  if (shape.min !== undefined && length < shape.min) return fail(path, 'too short');
  if (shape.max !== undefined && length > shape.max) return fail(path, 'too long');
  return null;
}

/** Checks items one by one: their checked values, or the first issue. */
function checkItems(items: unknown[], shapeAt: (i: number) => Shape, path: (string | number)[]): ShapeResult {
  const out: unknown[] = [];
  for (let i = 0; i < items.length; i++) {
    const r = checkShape(shapeAt(i), items[i], [...path, i]);
    if (!r.ok) return r;
    out.push(r.value);
  }
  return { ok: true, value: out };
}

function checkObject(shape: Record<string, Shape>, value: unknown, path: (string | number)[]): ShapeResult {
  if (!isObject(value)) return wrong(path, 'object', value);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(shape)) {
    const inner = shape[key]!;
    if (!(key in value) && typeof inner === 'object' && inner.k === 'opt') continue;
    const r = checkShape(inner, value[key], [...path, key]);
    if (!r.ok) return r;
    out[key] = r.value;
  }
  return { ok: true, value: out };
}

function checkUnion(shape: { of: Shape[]; by?: string }, value: unknown, path: (string | number)[]): ShapeResult {
  if (shape.by !== undefined) {
    const by = shape.by;
    if (!isObject(value)) return wrong(path, 'object', value);
    const option = shape.of.find((o) => typeof o === 'object' && o.k === 'obj' && checkShape(o.p[by]!, value[by], []).ok);
    return option ? checkShape(option, value, path) : fail([...path, by], 'Invalid input');
  }
  let first: ShapeResult | undefined;
  for (const option of shape.of) {
    const r = checkShape(option, value, path);
    if (r.ok) return r;
    first ??= r;
  }
  return first ?? fail(path, 'Invalid input');
}

/** Checks a value (parsed JSON) against a shape: the value with only the keys of its shape, or the first issue. */
export function checkShape(shape: Shape, value: unknown, path: (string | number)[] = []): ShapeResult {
  if (typeof shape === 'string') {
    switch (shape) {
      case 'str':
        return typeof value === 'string' ? { ok: true, value } : wrong(path, 'string', value);
      case 'num':
        return checkNumber({}, value, path);
      case 'int':
        return checkNumber({ int: true }, value, path);
      case 'bool':
        return typeof value === 'boolean' ? { ok: true, value } : wrong(path, 'boolean', value);
      case 'any':
        return { ok: true, value };
    }
  }
  switch (shape.k) {
    case 'str':
      if (typeof value !== 'string') return wrong(path, 'string', value);
      return checkLength(shape, value.length, path) ?? { ok: true, value };
    case 'num':
      return checkNumber(shape, value, path);
    case 'lit':
      return shape.v.includes(value as never) ? { ok: true, value } : fail(path, `Invalid option: expected one of ${shape.v.map((v) => JSON.stringify(v)).join(', ')}`);
    case 'obj':
      return checkObject(shape.p, value, path);
    case 'opt':
      return value === undefined ? { ok: true, value } : checkShape(shape.of, value, path);
    case 'nul':
      return value === null ? { ok: true, value } : checkShape(shape.of, value, path);
    case 'arr':
      if (!Array.isArray(value)) return wrong(path, 'array', value);
      return checkLength(shape, value.length, path) ?? checkItems(value, () => shape.of, path);
    case 'tup':
      if (!Array.isArray(value)) return wrong(path, 'array', value);
      if (value.length !== shape.of.length) return fail(path, `expected ${shape.of.length} items`);
      return checkItems(value, (i) => shape.of[i]!, path);
    case 'rec': {
      if (!isObject(value)) return wrong(path, 'record', value);
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        const r = checkShape(shape.of, item, [...path, key]);
        if (!r.ok) return r;
        out[key] = r.value;
      }
      return { ok: true, value: out };
    }
    case 'or':
      return checkUnion(shape, value, path);
  }
}
