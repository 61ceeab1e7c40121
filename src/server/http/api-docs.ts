import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

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
  await app.register(fastifySwaggerUi, { routePrefix: API_DOCS_PATH, staticCSP: true });
  app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, async () => app.swagger());
}
