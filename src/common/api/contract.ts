import { z, type ZodType } from 'zod';

// Kept with the contracts for the server's imports; they live apart so the client can call a
// route without loading zod (src/client/lib/route-table.ts).
export { contractProblem, urlOf } from './url';

/**
 * One HTTP call of the game, as data shared by the server and the client (SPEC §7): its method
 * and path, who may make it, what it takes and what it answers. The server registers its route
 * from it (request validation and answer serialisation, src/server/http/contract.ts), the
 * client calls it through one typed function (src/client/lib/api.ts), and the OpenAPI document
 * at /api/openapi.json is generated from all of them.
 */
export interface RouteContract {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify-style path: `/api/characters/:id/progression`. */
  path: string;
  /** One line for the API document. */
  summary: string;
  /** The document's section. */
  tag: string;
  /** 'player' needs a session (401 without one); 'public' does not. */
  auth: 'player' | 'public';
  /** The success status (200 unless it creates something). */
  status?: 200 | 201;
  /** Accepts an `Idempotency-Key` header: the action happens once per key. */
  idempotent?: boolean;
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
  /** The success answer. */
  response: ZodType;
}

/** Keeps the literal types of a contract (its path, method and schemas) for the typed client. */
export function defineRoute<const C extends RouteContract>(contract: C): C {
  return contract;
}

type Infer<S> = S extends ZodType ? z.output<S> : never;
type Input<S> = S extends ZodType ? z.input<S> : never;

/** What a route answers on success. */
export type ResponseOf<C extends RouteContract> = Infer<C['response']>;

/** What the client passes to call a route: its path parameters, query and body, where it has them. */
export type CallInput<C extends RouteContract> = (C['params'] extends ZodType ? { params: Input<C['params']> } : { params?: undefined }) &
  (C['query'] extends ZodType ? { query?: Partial<Input<C['query']>> } : { query?: undefined }) &
  (C['body'] extends ZodType ? { body: Input<C['body']> } : { body?: undefined });

/** Every failure's body: `{message}` (SPEC §7). */
export const errorAnswer = z.object({ message: z.string() }).meta({ id: 'Error' });

/** `{message}` answers of actions that report only that they happened. */
export const messageAnswer = z.object({ message: z.string() });
