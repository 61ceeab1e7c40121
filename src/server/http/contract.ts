import fastJson from 'fast-json-stringify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z, ZodType } from 'zod';
import { contractProblem, errorAnswer, type ResponseOf, type RouteContract } from '@common/api/contract';
import { clientMessage, serverMessage } from '@common/ws-messages';
import { notFound } from '../services/errors';
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

/**
 * Route schemas are the contracts' zod schemas. Requests: a path parameter that does not parse
 * is a 404 (like an id that does not exist), a body or query that does not is a 400 with the
 * first problem's message (the SPEC's validation texts live in the schemas); an empty body
 * parses as `{}`, so a missing field gets its own message. Answers are written by
 * fast-json-stringify from the schema's JSON Schema (only the contract's fields leave), and with
 * `checkAnswers` they are first checked against the schema: a mismatch is a 500 that names the
 * route and the field, so a test catches a contract the server no longer keeps.
 */
export function registerContractCompilers(app: FastifyInstance, { checkAnswers }: { checkAnswers: boolean }): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    if (!(schema instanceof ZodType)) throw new Error('route schemas are zod schemas (src/common/api)');
    return (data: unknown) => {
      try {
        return { value: parse(schema, data) };
      } catch (err) {
        return { error: httpPart === 'params' ? notFound() : (err as Error) };
      }
    };
  });
  app.setSerializerCompiler(({ schema, method, url }) => {
    if (!(schema instanceof ZodType)) return fastJson(schema as never);
    const stringify = fastJson(jsonSchemaOf(schema, 'output') as never);
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
