import fc from 'fast-check';
import Fastify, { type FastifyInstance } from 'fastify';
import fastJson from 'fast-json-stringify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { battleRoutes } from '@common/api/characters';
import { defineRoute } from '@common/api/contract';
import { battleEventSchema } from '@common/battle-events';
import { CLASS_IDS } from '@common/characters';
import { PATH_ID_MESSAGE } from '@common/ids';
import { idParams } from '@common/requests';
import { statsAtLevel } from '../domain/classes';
import { runAiBattle } from '../domain/engine-replay';
import { unauthorized } from '../errors';
import { registerErrorHandling } from './errors';
import { jsonSchemaOf, registerContractCompilers, serializableSchema, serve } from './contract';

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

  it('answer 400 with the first message for a path parameter, a body or an empty body that does not parse', async () => {
    const post = await build(false, (id, name) => ({ id, name }));
    for (const raw of ['99999999999', '2147483648', '0x10', '%20%201', '00000000001', '1e0', 'abc']) {
      const badId = await post(`/api/things/${raw}`, { name: 'x' });
      expect([badId.statusCode, badId.json()], raw).toEqual([400, { message: PATH_ID_MESSAGE }]);
    }
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

describe('answer schemas as they are written', () => {
  const writerOf = (schema: z.ZodType) => fastJson(serializableSchema(jsonSchemaOf(schema, 'output')) as never);
  const unions = (schema: unknown) => (JSON.stringify(schema).match(/"(anyOf|oneOf)"/g) ?? []).length;

  it('write every event of any battle exactly as the engine made it', () => {
    const write = writerOf(z.array(battleEventSchema));
    const fighterArb = (name: string) =>
      fc.record({ classId: fc.constantFrom(...CLASS_IDS), level: fc.integer({ min: 1, max: 60 }) }).map(({ classId, level }) => ({
        name,
        class: classId,
        level,
        stats: statsAtLevel(classId, level),
        abilities: [{ name: 'Stack Smash', damageMultiplier: 1.6, cooldownTurns: 2, kind: 'active' as const }],
      }));
    fc.assert(
      fc.property(fighterArb('Neo'), fighterArb('Null Pointer'), fc.integer(), (a, b, seed) => {
        const { events } = runAiBattle('pve', [a, b], seed);
        expect(write(events)).toBe(JSON.stringify(events));
      }),
      { numRuns: 60 },
    );
  });

  it('leave no union for the battle answer to choose among, and still only the declared fields', () => {
    const answer = serializableSchema(jsonSchemaOf(battleRoutes.fight.response, 'output'));
    expect(unions(jsonSchemaOf(battleRoutes.fight.response, 'output'))).toBeGreaterThan(0);
    expect(unions(answer)).toBe(0);
    const write = writerOf(z.array(battleEventSchema));
    const event = { type: 'end', winner: 0, reason: 'knockout', secret: 'x' };
    expect(JSON.parse(write([event]))).toEqual([{ type: 'end', winner: 0, reason: 'knockout' }]);
  });

  it('write literals as their type, a nullable object as null or its fields, and keep unions of other shapes', () => {
    const schema = z.object({
      side: z.union([z.literal(0), z.literal(1)]),
      listing: z.object({ id: z.number(), price: z.number() }).nullable(),
      either: z.union([z.array(z.string()), z.array(z.number())]),
    });
    const write = writerOf(schema);
    expect(write({ side: 1, listing: null, either: [1] })).toBe('{"side":1,"listing":null,"either":[1]}');
    expect(JSON.parse(write({ side: 0, listing: { id: 2, price: 9, seller: 'hidden' }, either: ['a'] }))).toEqual({ side: 0, listing: { id: 2, price: 9 }, either: ['a'] });
    expect(unions(serializableSchema(jsonSchemaOf(schema, 'output')))).toBe(1);
  });
});
