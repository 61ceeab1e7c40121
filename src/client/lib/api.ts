import type { CallInput, ResponseOf, RouteContract } from '@common/api/contract';
import { contractProblem, urlOf } from '@common/api/url';
import type { RouteEntry } from './route-table';

/** A success reply that is not JSON means the session is gone: SPEC §7's '401: Authentication required - received HTML instead of JSON'. */
const HTML_INSTEAD_OF_JSON_BODY = 'Authentication required - received HTML instead of JSON';

/**
 * A refused or failed call: the HTTP status as a number, the body as it came, and the server's
 * `{message}` when the body is one. Its text (`message`) is SPEC §7's `status: body` (or the
 * status text when the body is empty), built from those fields, never parsed back out of it.
 */
export class ApiError extends Error {
  /** The server's `message` from a JSON body, else the body's text (trimmed), else ''. */
  readonly serverMessage: string;

  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`${status}: ${body}`);
    this.name = 'ApiError';
    this.serverMessage = serverMessageOf(body);
  }
}

function serverMessageOf(body: string): string {
  const text = body.trim();
  if (text.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(text);
      const message = parsed && typeof parsed === 'object' ? (parsed as { message?: unknown }).message : undefined;
      if (typeof message === 'string' && message.trim()) return message;
    } catch {
      // Not JSON after all: the text as it came.
    }
  }
  return text;
}

/** Turns a non-success response into an ApiError (`status: body`, or the status text). */
async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  let text = '';
  try {
    text = await res.text();
  } catch {
    text = '';
  }
  throw new ApiError(res.status, text || res.statusText);
}

function isJsonResponse(res: Response): boolean {
  const type = res.headers.get('content-type') ?? '';
  return /^application\/([\w.+-]*\+)?json\b/i.test(type.trim());
}

/** Reads the JSON body of a success reply; a reply that is not JSON means the session is gone. */
async function readJson<T>(res: Response): Promise<T> {
  if (res.status === 204) return null as T;
  if (!isJsonResponse(res)) throw new ApiError(401, HTML_INSTEAD_OF_JSON_BODY);
  return (await res.json()) as T;
}

/** The request header that makes a player's action safe to send twice (docs/decisions.md). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * A fresh key for one player action: a UUID, from `crypto.randomUUID` where the page may use it
 * (https or localhost), else from `crypto.getRandomValues`, which every page has.
 */
export function newIdempotencyKey(source: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = globalThis.crypto): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  // RFC 4122 version 4, variant 10xx.
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface RequestOptions {
  /**
   * Sent as `Idempotency-Key`: the server acts once per key and answers a repeat with the first
   * answer. One key per player action, the same for any retry of that action.
   */
  idempotencyKey?: string;
}

/** The HTTP status an error of this client carries, if any. */
export function errorStatus(err: unknown): number | undefined {
  return err instanceof ApiError ? err.status : undefined;
}

/**
 * The text to show a player for an error: the server's `message` for a refused call, else the
 * error's own text, else the fallback.
 */
export function errorMessage(err: unknown, fallback = 'Something went wrong'): string {
  if (err instanceof ApiError) return err.serverMessage || err.message || fallback;
  const raw = err instanceof Error ? err.message : typeof err === 'string' ? err : '';
  return raw.trim() || fallback;
}

/** True when an error means the player is not logged in: a 401 answer. */
export function isUnauthorized(err: unknown): boolean {
  return errorStatus(err) === 401;
}

/**
 * Whether answers are checked against their contracts: in development and tests, including the
 * build the end-to-end tests run (`npm test` builds with `--mode test`); a mismatch is
 * an error naming the call and the field. Not in the production build.
 */
const CHECK_ANSWERS = import.meta.env?.DEV === true || import.meta.env?.MODE === 'test';
// A page of a test build with `__measureAsProduction` set (e2e/client-weight.test.ts) does not load
// the checker: its schemas (and zod) would count as the screen's code.

/** An answer that does not match its contract (development and tests only). */
export class ContractError extends Error {
  constructor(route: string, detail: string) {
    super(`${route} answered outside its contract: ${detail}`);
    this.name = 'ContractError';
  }
}

/** The answer, checked against the contract where answers are checked. */
export function checkAnswer<C extends RouteContract>(contract: C, answer: unknown, check = CHECK_ANSWERS): ResponseOf<C> {
  if (!check) return answer as ResponseOf<C>;
  const result = contract.response.safeParse(answer);
  if (!result.success) throw new ContractError(`${contract.method} ${contract.path}`, contractProblem(result.error));
  return result.data as ResponseOf<C>;
}

export interface CallOptions extends RequestOptions {
  signal?: AbortSignal;
}

/** Set once a logout is answered and the page reloads: from then on the server is asked nothing. */
let leaving = false;

/**
 * No call leaves the page any more (they stay pending until the reload that follows a logout):
 * a poll or a socket coming back in the moment before the reload would otherwise ask the server
 * with a session that is gone.
 */
export function stopCalls(): void {
  leaving = true;
}

/**
 * Calls one route of the game through its contract (src/common/api): the URL from its path
 * parameters and query, the body as JSON, the answer typed (and checked in development and
 * tests) by its schema. Refusals throw `ApiError`.
 */
export async function call<C extends RouteContract>(contract: C | RouteEntry, input: CallInput<C>, options: CallOptions = {}): Promise<ResponseOf<C>> {
  if (leaving) return new Promise<never>(() => undefined);
  const { params, query, body } = input as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  const url = urlOf(contract, params, query);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method: contract.method, headers, credentials: 'include', signal: options.signal };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  if (options.idempotencyKey !== undefined) headers[IDEMPOTENCY_HEADER] = options.idempotencyKey;
  const res = await fetch(url, init);
  await throwIfNotOk(res);
  const answer = await readJson<unknown>(res);
  if (!CHECK_ANSWERS || (globalThis as { __measureAsProduction?: boolean }).__measureAsProduction) return answer as ResponseOf<C>;
  // Screens hold routes as methods and paths (route-table.ts): the schemas load with the first answer checked.
  const full = 'response' in contract ? contract : (await import('./answer-check')).contractOf(contract);
  return checkAnswer(full as C, answer);
}

/** A route whose input is all optional (no path parameters, no body) may be called without one. */
type Endpoint<C extends RouteContract> =
  Partial<CallInput<C>> extends CallInput<C>
    ? (input?: CallInput<C>, options?: CallOptions) => Promise<ResponseOf<C>>
    : (input: CallInput<C>, options?: CallOptions) => Promise<ResponseOf<C>>;

/** One typed function per route of a group: `endpoints(characterRoutes).list()`. */
export type Endpoints<G extends Record<string, RouteContract>> = { [K in keyof G]: Endpoint<G[K]> };

/**
 * One typed function per route of a group of contracts, or of the methods and paths of one
 * (route-table.ts) typed by the group's contracts: `endpoints(characterRoutes).list()`.
 */
export function endpoints<G extends Record<string, RouteContract>>(group: G | { [K in keyof G]: RouteEntry }): Endpoints<G> {
  return Object.fromEntries(
    Object.entries(group).map(([name, contract]) => [name, (input: CallInput<RouteContract> = {} as never, options?: CallOptions) => call(contract, input, options)]),
  ) as never;
}
