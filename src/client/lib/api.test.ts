import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  errorMessage,
  errorStatus,
  ApiError,
  isUnauthorized,
  newIdempotencyKey,
  call,
  checkAnswer,
  ContractError,
  endpoints,
} from './api';
import { z } from 'zod';
import { defineRoute } from '@common/api/contract';

const fetchMock = vi.fn<typeof fetch>();

function json(body: unknown, status = 200, statusText = ''): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}

function callInit(index = 0): RequestInit {
  const call = fetchMock.mock.calls[index];
  if (!call) throw new Error(`fetch was not called ${index + 1} time(s)`);
  return call[1] ?? {};
}

function headersOf(init: RequestInit): Record<string, string> {
  return Object.fromEntries(new Headers(init.headers).entries());
}

/** A call through a contract made for the test: any method and path, any answer. */
function send(method: 'GET' | 'POST', path: string, body?: unknown, options: { idempotencyKey?: string } = {}) {
  const contract = defineRoute({ method, path, summary: 'test', tag: 'Test', auth: 'player', ...(body === undefined ? {} : { body: z.unknown() }), response: z.unknown() });
  return call(contract, (body === undefined ? {} : { body }) as never, options);
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('calls', () => {
  it('sends a body as JSON with credentials and a JSON content type', async () => {
    fetchMock.mockResolvedValueOnce(json({ id: 1, username: 'neo', credits: 2500 }, 201));
    const user = await send('POST', '/api/register', { username: 'neo', password: 'abc' });

    expect(user).toEqual({ id: 1, username: 'neo', credits: 2500 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/register');
    const init = callInit();
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(headersOf(init)['content-type']).toBe('application/json');
    expect(init.body).toBe(JSON.stringify({ username: 'neo', password: 'abc' }));
  });

  it('sends no body and no content type when there is no payload', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'Logged out' }));
    await send('POST', '/api/logout');

    const init = callInit();
    expect(init.credentials).toBe('include');
    expect(init.body).toBeUndefined();
    expect(headersOf(init)['content-type']).toBeUndefined();
  });

  it('reads with GET and a JSON accept header', async () => {
    fetchMock.mockResolvedValueOnce(json([]));
    await send('GET', '/api/characters');

    const init = callInit();
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(headersOf(init)['accept']).toBe('application/json');
  });

  it('turns a failure into "status: body"', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'Username already exists' }, 409, 'Conflict'));
    await expect(send('POST', '/api/register', { username: 'a', password: 'b' })).rejects.toThrow(
      '409: {"message":"Username already exists"}',
    );
  });

  it('uses the status text when the failure body is empty', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    await expect(send('GET', '/api/user')).rejects.toThrow(/^503: Service Unavailable$/);
  });

  it('keeps a plain-text failure body as it is', async () => {
    fetchMock.mockResolvedValueOnce(new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }));
    await expect(send('GET', '/api/user')).rejects.toThrow(/^502: Bad gateway$/);
  });

  it('treats an HTML success reply as a lost session', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('<!doctype html><html></html>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
    );
    const err = await send('GET', '/api/characters').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toBe('401: Authentication required - received HTML instead of JSON');
    expect(isUnauthorized(err)).toBe(true);
  });
});

describe('Idempotency-Key', () => {
  it('is sent when the action gives one, with or without a body', async () => {
    fetchMock.mockResolvedValueOnce(json({ ok: true }));
    await send('POST', '/api/equipment/3/buy', undefined, { idempotencyKey: 'key-1' });
    expect(headersOf(callInit(0))['idempotency-key']).toBe('key-1');
    expect(callInit(0).body).toBeUndefined();

    fetchMock.mockResolvedValueOnce(json({ ok: true }));
    await send('POST', '/api/marketplace/buy', { listingId: 4 }, { idempotencyKey: 'key-2' });
    expect(headersOf(callInit(1))['idempotency-key']).toBe('key-2');
    expect(headersOf(callInit(1))['content-type']).toBe('application/json');
  });

  it('is not sent otherwise', async () => {
    fetchMock.mockResolvedValueOnce(json({ ok: true }));
    await send('POST', '/api/pvp/leave-queue', {});
    expect(headersOf(callInit())['idempotency-key']).toBeUndefined();
  });

  it('a new key is a fresh UUID every time, with or without crypto.randomUUID', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(uuid);

    // Pages served over plain http from another host have no randomUUID.
    const insecure = { getRandomValues: (a: Uint8Array) => crypto.getRandomValues(a) } as unknown as Crypto;
    const fallback = new Set(Array.from({ length: 50 }, () => newIdempotencyKey(insecure)));
    expect(fallback.size).toBe(50);
    for (const key of fallback) {
      expect(key).toMatch(uuid);
      // Within the header's rule: 1-200 visible ASCII characters.
      expect(key).toMatch(/^[\x21-\x7e]{1,200}$/);
    }
  });
});

describe('ApiError', () => {
  it('carries the status and body as fields, and SPEC\'s "status: body" as its text', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'Insufficient credits' }, 400));
    const err = await send('POST', '/api/marketplace/buy', { listingId: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect((err as ApiError).body).toBe('{"message":"Insufficient credits"}');
    expect((err as ApiError).serverMessage).toBe('Insufficient credits');
    expect((err as ApiError).message).toBe('400: {"message":"Insufficient credits"}');
  });
});

describe('errorMessage', () => {
  it("shows the server's message from a JSON body", () => {
    expect(errorMessage(new ApiError(400, '{"message":"x"}'))).toBe('x');
    expect(errorMessage(new ApiError(401, '{"message":"Invalid username or password"}'))).toBe('Invalid username or password');
  });

  it('falls back to the body as it came', () => {
    expect(errorMessage(new ApiError(503, 'Service Unavailable'))).toBe('Service Unavailable');
    expect(errorMessage(new ApiError(400, '{"error":"no message field"}'))).toBe('{"error":"no message field"}');
  });

  it('falls back to the error message, then to the given default', () => {
    expect(errorMessage(new Error('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorMessage(new Error(''), 'Invalid credentials')).toBe('Invalid credentials');
    expect(errorMessage(undefined, 'Username already exists')).toBe('Username already exists');
  });
});

describe('isUnauthorized and errorStatus', () => {
  it('recognises a 401 by its status only, never by digits in a text', () => {
    expect(isUnauthorized(new ApiError(401, '{"message":"Authentication required"}'))).toBe(true);
    expect(isUnauthorized(new Error('Request failed with 401'))).toBe(false);
    expect(isUnauthorized(new ApiError(400, '{"message":"Listing 401 was sold"}'))).toBe(false);
    expect(isUnauthorized(new ApiError(403, '{"message":"Forbidden"}'))).toBe(false);
    expect(isUnauthorized(null)).toBe(false);
  });

  it('reads the status of an error', () => {
    expect(errorStatus(new ApiError(429, '{"message":"slow down"}'))).toBe(429);
    expect(errorStatus(new Error('429: looks like a status'))).toBeUndefined();
    expect(errorStatus(new Error('Failed to fetch'))).toBeUndefined();
  });
});

describe('typed calls through contracts', () => {
  const contract = defineRoute({
    method: 'POST',
    path: '/api/things/:id/poke',
    summary: 'Pokes a thing',
    tag: 'Test',
    auth: 'player',
    params: z.object({ id: z.number() }),
    query: z.object({ hard: z.enum(['yes', 'no']).optional() }),
    body: z.object({ times: z.number() }),
    response: z.object({ poked: z.number() }),
  });

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('builds the URL from the path parameters and query, sends the body and the key, and answers the typed body', async () => {
    fetchMock.mockResolvedValueOnce(json({ poked: 3 }));
    const poke = endpoints({ poke: contract }).poke;
    const answer: { poked: number } = await poke({ params: { id: 12 }, query: { hard: 'yes' }, body: { times: 3 } }, { idempotencyKey: 'k-1' });
    expect(answer).toEqual({ poked: 3 });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/things/12/poke?hard=yes');
    const init = callInit();
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ times: 3 }));
    expect(headersOf(init)['idempotency-key']).toBe('k-1');
  });

  it('an answer outside the contract is a ContractError naming the call and the field (tests check answers)', async () => {
    fetchMock.mockResolvedValueOnce(json({ poked: 'three' }));
    const failure = call(contract, { params: { id: 1 }, body: { times: 1 } });
    await expect(failure).rejects.toBeInstanceOf(ContractError);
    fetchMock.mockResolvedValueOnce(json({ poked: 'three' }));
    await expect(call(contract, { params: { id: 1 }, body: { times: 1 } })).rejects.toThrow('POST /api/things/:id/poke answered outside its contract: poked');
  });

  it('production builds pass answers through unchecked', () => {
    expect(checkAnswer(contract, { poked: 'three' }, false)).toEqual({ poked: 'three' });
  });

  it('a refusal is still an ApiError with status and message', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'No thing' }, 404));
    const failure = call(contract, { params: { id: 9 }, body: { times: 1 } });
    await expect(failure).rejects.toMatchObject({ status: 404, serverMessage: 'No thing', message: '404: {"message":"No thing"}' });
  });
});

describe('after a logout', () => {
  it('asks the server nothing more: calls stay pending until the page reloads', async () => {
    vi.resetModules();
    const fresh = await import('./api');
    const route = defineRoute({ method: 'GET', path: '/api/some', summary: 'test', tag: 'Test', auth: 'player', response: z.unknown() });
    fetchMock.mockResolvedValue(json({ items: [] }));
    await fresh.call(route, {});
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fresh.stopCalls();
    let settled = false;
    void fresh.call(route, {}).finally(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(settled).toBe(false);
  });
});
