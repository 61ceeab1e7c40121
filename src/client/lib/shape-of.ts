import type { z } from 'zod';
import type { Shape } from './message-shape';

/** The parts of a zod schema's definition that `shapeOf` reads. */
interface Def {
  type: string;
  checks?: { _zod: { def: { check: string; format?: string; value?: number; inclusive?: boolean; minimum?: number; maximum?: number } } }[];
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  options?: z.ZodType[];
  discriminator?: string;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  element?: z.ZodType;
  innerType?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  values?: unknown[];
  entries?: Record<string, string | number>;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Lengths and bounds of a string, array or number schema, in the shape's terms. */
function bounds(def: Def): { int?: true; min?: number; max?: number; gt?: number; lt?: number } {
  const out: { int?: true; min?: number; max?: number; gt?: number; lt?: number } = {};
  for (const { _zod } of def.checks ?? []) {
    const c = _zod.def;
    if (c.check === 'number_format' && c.format === 'safeint') out.int = true;
    else if (c.check === 'min_length') out.min = c.minimum;
    else if (c.check === 'max_length') out.max = c.maximum;
    else if (c.check === 'greater_than') out[c.inclusive ? 'min' : 'gt'] = c.value;
    else if (c.check === 'less_than') out[c.inclusive ? 'max' : 'lt'] = c.value;
    else throw new Error(`shapeOf: a ${def.type} check '${c.check}' has no shape`);
  }
  return out;
}

/**
 * The shape (message-shape.ts) of a zod schema made of objects, unions, arrays, tuples, records,
 * literals, enums, strings, numbers and booleans: the kinds the socket's messages use. Anything
 * else (a refinement, a transform, a default) throws, so that a schema the shape would check
 * differently fails the build and the tests rather than the players.
 */
export function shapeOf(schema: z.ZodType): Shape {
  const def = defOf(schema);
  const checked = (plain: Shape, extra: object): Shape => (Object.keys(extra).length ? ({ k: plain, ...extra } as Shape) : plain);
  switch (def.type) {
    case 'string':
      return checked('str', bounds(def));
    case 'number': {
      const { int, ...rest } = bounds(def);
      return Object.keys(rest).length ? { k: 'num', ...(int ? { int } : {}), ...rest } : int ? 'int' : 'num';
    }
    case 'boolean':
      if (def.checks?.length) break;
      return 'bool';
    case 'unknown':
    case 'any':
      return 'any';
    case 'literal':
      return { k: 'lit', v: def.values as (string | number | boolean | null)[] };
    case 'enum':
      return { k: 'lit', v: [...new Set(Object.values(def.entries!))] };
    case 'object':
      if (def.checks?.length || def.catchall) break;
      return { k: 'obj', p: Object.fromEntries(Object.entries(def.shape!).map(([key, value]) => [key, shapeOf(value)])) };
    case 'optional':
      return { k: 'opt', of: shapeOf(def.innerType!) };
    case 'nullable':
      return { k: 'nul', of: shapeOf(def.innerType!) };
    case 'array':
      return { k: 'arr', of: shapeOf(def.element!), ...bounds(def) };
    case 'tuple':
      if (def.rest || def.checks?.length || def.items!.some((item) => defOf(item).type === 'optional')) break;
      return { k: 'tup', of: def.items!.map(shapeOf) };
    case 'record':
      if (defOf(def.keyType!).type !== 'string' || defOf(def.keyType!).checks?.length) break;
      return { k: 'rec', of: shapeOf(def.valueType!) };
    case 'union': {
      if (def.checks?.length) break;
      const of = def.options!.map(shapeOf);
      if (def.discriminator === undefined) return { k: 'or', of };
      if (of.some((o) => typeof o !== 'object' || o.k !== 'obj')) break;
      return { k: 'or', of, by: def.discriminator };
    }
  }
  throw new Error(`shapeOf: a zod '${def.type}' schema has no shape`);
}
