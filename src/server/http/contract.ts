import fastJson from 'fast-json-stringify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z, ZodType } from 'zod';
import { contractProblem, errorAnswer, type ResponseOf, type RouteContract } from '@common/api/contract';
import { clientMessage, serverMessage } from '@common/ws-messages';
import type { HttpContext } from './context';
import { parse } from './errors';

type Out<S> = S extends ZodType ? z.output<S> : undefined;

/** A request's parts as its contract parsed them. */
export interface Parsed<C extends RouteContract> {
  params: Out<C['params']>;
  query: Out<C['query']>;
  body: Out<C['body']>;
}

export type ContractHandler<C extends RouteContract> = (input: Parsed<C>, request: FastifyRequest, reply: FastifyReply) => Promise<ResponseOf<C>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract a route was registered from (src/common/api). */
    contract?: RouteContract;
  }
}

/** The JSON Schema of a zod schema, as Fastify's serialiser and the API document use it. */
export function jsonSchemaOf(schema: ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io, target: 'draft-7', unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

type JsonSchema = Record<string, unknown>;
const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);
const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * The answer schema as fast-json-stringify writes it fastest, with the same fields leaving.
 * fast-json-stringify picks a branch of `anyOf`/`oneOf` by running a validator for each branch
 * on every value: a battle's ~20 events against ten event shapes, each side number against two
 * literals, was 10 % of the server's time under battle load. Unions it can write without
 * choosing become one schema: literals of one type become that type, objects become one object
 * with every branch's properties (a property in several branches takes their union in turn, or
 * any value when they cannot merge), and `null` beside one of these becomes `nullable`. Unions of
 * other shapes (arrays, references) stay as they are.
 */
export function serializableSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(serializableSchema);
  if (!isSchema(schema)) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = key === 'const' || key === 'enum' || key === 'default' ? value : serializableSchema(value);
  const union = out.anyOf ? 'anyOf' : out.oneOf ? 'oneOf' : null;
  if (!union) return out;
  const merged = mergedUnion(out[union] as unknown[]);
  if (!merged) return out;
  const { [union]: _branches, ...rest } = out;
  return { ...rest, ...merged };
}

function mergedUnion(branches: readonly unknown[]): JsonSchema | null {
  if (!branches.every((b) => isSchema(b) && !('$ref' in b))) return null;
  const all = branches as JsonSchema[];
  const present = all.filter((b) => b.type !== 'null');
  const nullable = present.length < all.length;
  if (present.length === 0) return null;
  if (present.every((b) => typeof b.type === 'string' && PRIMITIVES.has(b.type))) {
    const types = new Set(present.map((b) => (b.type === 'integer' ? 'number' : (b.type as string))));
    if (types.size !== 1) return null;
    // One integer branch among numbers would truncate the others: integers are written as numbers.
    const type = present.every((b) => b.type === 'integer') ? 'integer' : [...types][0]!;
    return { type: nullable ? [type, 'null'] : type };
  }
  if (present.every((b) => b.type === 'object' && isSchema(b.properties) && (b.additionalProperties === undefined || b.additionalProperties === false))) {
    const shapes = new Map<string, unknown[]>();
    for (const branch of present) {
      for (const [name, property] of Object.entries(branch.properties as JsonSchema)) {
        const seen = shapes.get(name) ?? [];
        if (!seen.some((s) => JSON.stringify(s) === JSON.stringify(property))) seen.push(property);
        shapes.set(name, seen);
      }
    }
    const properties: JsonSchema = {};
    for (const [name, options] of shapes) properties[name] = options.length === 1 ? options[0] : (mergedUnion(options) ?? {});
    return { type: 'object', properties, additionalProperties: false, ...(nullable ? { nullable: true } : {}) };
  }
  return null;
}

/**
 * Route schemas are the contracts' zod schemas. Requests: a path parameter, query or body that
 * does not parse is a 400 with the first problem's message (the SPEC's validation texts live in
 * the schemas; a path id that is not written plainly, e.g. '0x10', is malformed input, while a
 * well-formed id that does not exist is the service's 404); an empty body parses as `{}`, so a
 * missing field gets its own message. Answers are written by
 * fast-json-stringify from the schema's JSON Schema (only the contract's fields leave), and with
 * `checkAnswers` they are first checked against the schema: a mismatch is a 500 that names the
 * route and the field, so a test catches a contract the server no longer keeps.
 */
export function registerContractCompilers(app: FastifyInstance, { checkAnswers }: { checkAnswers: boolean }): void {
  app.setValidatorCompiler(({ schema }) => {
    if (!(schema instanceof ZodType)) throw new Error('route schemas are zod schemas (src/common/api)');
    return (data: unknown) => {
      try {
        return { value: parse(schema, data) };
      } catch (err) {
        return { error: err as Error };
      }
    };
  });
  app.setSerializerCompiler(({ schema, method, url }) => {
    if (!(schema instanceof ZodType)) return fastJson(schema as never);
    const stringify = fastJson(serializableSchema(jsonSchemaOf(schema, 'output')) as never);
    if (!checkAnswers) return stringify;
    return (data: unknown) => {
      const result = schema.safeParse(data);
      if (!result.success) throw new Error(`${method} ${url} answered outside its contract: ${contractProblem(result.error)}`);
      return stringify(data);
    };
  });
}

/**
 * Registers a route from its contract: the session check (before validation, so a stranger gets
 * 401 whatever they send), the request schemas, the answer schema of the success status and
 * `{message}` for failures. The handler gets the parsed parts and answers the success body.
 */
export function serve<C extends RouteContract>(app: FastifyInstance, { requireUser }: Pick<HttpContext, 'requireUser'>, contract: C, handler: ContractHandler<C>): void {
  const status = contract.status ?? 200;
  app.route({
    method: contract.method,
    url: contract.path,
    schema: {
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      response: { [status]: contract.response, '4xx': errorAnswer, '5xx': errorAnswer },
      summary: contract.summary,
      tags: [contract.tag],
      ...(contract.auth === 'player' ? { security: [{ session: [] }] } : {}),
    },
    ...(contract.auth === 'player' ? { preValidation: requireUser } : {}),
    config: { contract },
    handler: async (request, reply) => {
      const answer = await handler({ params: request.params, query: request.query, body: request.body } as Parsed<C>, request, reply);
      if (status !== 200 && reply.statusCode === 200) void reply.status(status);
      return answer;
    },
  });
}

/**
 * A message schema as OpenAPI 3.0 document components: the schema under `name`, and the shared
 * shapes it names (`.meta({ id })`: Character, PvpBattle...) beside it, referenced as components
 * (the same as the routes' components of those names).
 */
function messageComponents(name: string, schema: ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io, target: 'openapi-3.0', unrepresentable: 'any' }) as { definitions?: Record<string, unknown> };
  const { definitions, ...root } = json;
  const components = JSON.stringify({ ...definitions, [name]: root }).replaceAll('"#/definitions/', '"#/components/schemas/');
  return JSON.parse(components) as Record<string, unknown>;
}

/** The real-time messages (src/common/ws-messages.ts) as API document schemas. */
export function socketMessageSchemas(): Record<string, unknown> {
  return {
    ...messageComponents('ClientMessage', clientMessage, 'input'),
    ...messageComponents('ServerMessage', serverMessage, 'output'),
  };
}
