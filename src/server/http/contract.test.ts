import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '@common/api/contract';
import { idParams } from '@common/requests';
import { unauthorized } from '../services/errors';
import { registerErrorHandling } from './errors';
import { registerContractCompilers, serve } from './contract';

const thing = defineRoute({
  method: 'POST',
  path: '/api/things/:id',
  summary: 'Renames a thing',
  tag: 'Test',
  auth: 'player',
  status: 201,
  params: idParams,
  body: z.object({ name: z.string({ error: 'Name is required' }).min(1, 'Name is required') }),
  response: z.object({ id: z.number(), name: z.string() }),
});

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

async function build(checkAnswers: boolean, answer: (id: number, name: string) => unknown) {
  app = Fastify();
  registerErrorHandling(app);
  registerContractCompilers(app, { checkAnswers });
  const requireUser = async (request: { headers: Record<string, unknown> }) => {
    if (request.headers['x-player'] !== 'yes') throw unauthorized();
  };
  serve(app, { requireUser: requireUser as never }, thing, async ({ params, body }) => answer(params.id, body.name) as never);
  await app.ready();
  return (url: string, body: unknown, player = true) =>
    app.inject({ method: 'POST', url, headers: player ? { 'x-player': 'yes' } : {}, ...(body === undefined ? {} : { payload: body as object }) });
}

describe('routes registered from contracts', () => {
  it('answer with the success status and only the fields of the contract', async () => {
    const post = await build(false, (id, name) => ({ id, name, secret: 'password hash' }));
    const res = await post('/api/things/7', { name: 'Blade' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: 7, name: 'Blade' });
  });

  it('check the session before the request: a stranger gets 401 whatever they send', async () => {
    const post = await build(false, (id, name) => ({ id, name }));
    expect((await post('/api/things/abc', { name: '' }, false)).statusCode).toBe(401);
  });

  it('answer 404 for a path parameter that does not parse and 400 with the first message for a bad or empty body', async () => {
    const post = await build(false, (id, name) => ({ id, name }));
    const badId = await post('/api/things/99999999999', { name: 'x' });
    expect([badId.statusCode, badId.json()]).toEqual([404, { message: 'Not found' }]);
    const empty = await post('/api/things/1', undefined);
    expect([empty.statusCode, empty.json()]).toEqual([400, { message: 'Name is required' }]);
    const blank = await post('/api/things/1', { name: '' });
    expect([blank.statusCode, blank.json()]).toEqual([400, { message: 'Name is required' }]);
  });

  it('with answers checked, an answer outside the contract is a 500, never sent', async () => {
    const post = await build(true, (id) => ({ id, name: 42 }));
    const res = await post('/api/things/3', { name: 'Blade' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error' });
  });
});
