import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** The game's pixel sword (the favicon), on the document page's bar. */
const LOGO_SVG = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16' width='40' height='40' shape-rendering='crispEdges'><path fill='#07070d' d='M13 0h3v1h-3zM12 1h1v1h-1zM15 1h1v1h-1zM11 2h1v1h-1zM14 2h1v1h-1zM10 3h1v1h-1zM13 3h1v1h-1zM9 4h1v1h-1zM12 4h1v1h-1zM8 5h1v1h-1zM11 5h1v1h-1zM7 6h1v1h-1zM10 6h1v1h-1zM2 7h2v1h-2zM6 7h1v1h-1zM9 7h1v1h-1zM2 8h1v1h-1zM4 8h2v1h-2zM8 8h1v1h-1zM3 9h1v1h-1zM7 9h1v1h-1zM4 10h1v1h-1zM7 10h1v1h-1zM3 11h1v1h-1zM5 11h1v1h-1zM8 11h1v1h-1zM2 12h1v1h-1zM4 12h1v1h-1zM6 12h1v1h-1zM9 12h1v1h-1zM1 13h1v1h-1zM3 13h1v1h-1zM7 13h2v1h-2zM0 14h1v1h-1zM3 14h1v1h-1zM0 15h3v1h-3z'/><path fill='#ffffff' d='M13 1h1v1h-1zM12 2h1v1h-1zM11 3h1v1h-1zM10 4h1v1h-1zM9 5h1v1h-1zM8 6h1v1h-1zM7 7h1v1h-1zM6 8h1v1h-1z'/><path fill='#22e4ff' d='M14 1h1v1h-1zM13 2h1v1h-1zM12 3h1v1h-1zM11 4h1v1h-1zM10 5h1v1h-1zM9 6h1v1h-1zM8 7h1v1h-1zM7 8h1v1h-1zM6 9h1v1h-1z'/><path fill='#ff2bd6' d='M3 8h1v1h-1zM4 9h2v1h-2zM5 10h2v1h-2zM6 11h2v1h-2zM7 12h2v1h-2z'/><path fill='#ffd23f' d='M4 11h1v1h-1zM3 12h1v1h-1zM2 13h1v1h-1z'/><path fill='#a3ff12' d='M1 14h2v1h-2z'/></svg>`;

/** Where the document and its rendered page live. */
export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

/**
 * The OpenAPI document of every HTTP call, generated from the contracts the routes are
 * registered from (src/common/api): `GET /api/openapi.json`, rendered at `/api/docs`. Must be
 * registered before the routes, whose registration it records.
 */
export async function registerApiDocs(app: FastifyInstance, { cookieName, extraSchemas }: { cookieName: string; extraSchemas: () => Record<string, unknown> }): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Glitch Arena API',
        version: '1',
        description:
          'The HTTP calls of Glitch Arena. Calls marked with a lock need the session cookie `' +
          cookieName +
          '` that registering or logging in sets. Every failure answers `{message}` with a fitting status. ' +
          'Calls that move credits or items take an `Idempotency-Key` header. The real-time connection `/ws` ' +
          'exchanges JSON messages: `ClientMessage` and `ServerMessage` under Schemas describe them.',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: cookieName } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (document) => {
      const built = jsonSchemaTransformObject(document) as { components?: { schemas?: Record<string, unknown> } };
      return { ...built, components: { ...built.components, schemas: { ...built.components?.schemas, ...extraSchemas() } } } as never;
    },
  });
  // The page gets the game's own security headers (helmet, as every HTML answer): no inline scripts.
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PATH,
    logo: { type: 'image/svg+xml', content: Buffer.from(LOGO_SVG), href: '/', target: '_self' },
    theme: { title: 'Glitch Arena API' },
  });
  app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, async () => app.swagger());
}
