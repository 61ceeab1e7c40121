import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * The API document: generated from the contracts every route is registered from, it lists each
 * /api call with its answer schema, and /api/docs renders it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, { summary?: string; tags?: string[]; responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
  components: { schemas: Record<string, unknown> };
}

/** `/api/characters/:id/progression` as OpenAPI writes it: `/api/characters/{id}/progression`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('lists every /api route with its summary and the schema of its success answer', async () => {
    const res = await fetch(`${t.base}/api/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as OpenApi;
    expect(doc.openapi).toBe('3.0.3');
    const api = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !r.hidden && !r.url.startsWith('/api/docs'));
    expect(api.length).toBeGreaterThan(60);
    // Every route of the game comes from a contract...
    expect(api.filter((r) => !r.contract).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    for (const route of api) {
      // ...and is in the document with the answer its contract gives.
      const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      expect(operation!.summary).toBe(route.contract!.summary);
      const success = operation!.responses[String(route.contract!.status ?? 200)];
      expect(success?.content?.['application/json']?.schema, `${route.method} ${route.url} answer schema`).toBeDefined();
      expect(operation!.responses['4XX']?.content?.['application/json']?.schema).toBeDefined();
    }
  });

  it('describes the answers field by field, shared shapes once, and the real-time messages', async () => {
    const doc = (await (await fetch(`${t.base}/api/openapi.json`)).json()) as OpenApi;
    expect(doc.components.schemas.Character).toMatchObject({ type: 'object', required: expect.arrayContaining(['id', 'name', 'class', 'level', 'stats']) });
    expect(doc.components.schemas.BattleEvent).toBeDefined();
    expect(doc.components.schemas.ClientMessage).toBeDefined();
    expect(doc.components.schemas.ServerMessage).toMatchObject({ oneOf: expect.arrayContaining([expect.objectContaining({ type: 'object' })]) });
    // Every shared shape a schema names is a component of the document.
    const refs = new Set<string>();
    JSON.stringify(doc, (key, value: unknown) => {
      if (key === '$ref' && typeof value === 'string') refs.add(value);
      return value;
    });
    expect([...refs].filter((ref) => !(ref.replace('#/components/schemas/', '') in doc.components.schemas))).toEqual([]);
    const list = doc.paths['/api/characters']!.get!.responses['200']!.content!['application/json']!.schema;
    expect(list).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Character' } });
  });
});

describe('GET /api/docs', () => {
  it('renders the document as a page', async () => {
    const res = await fetch(`${t.base}/api/docs`, { redirect: 'follow' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('swagger');
  });
});
