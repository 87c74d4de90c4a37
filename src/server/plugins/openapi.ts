import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { routeAccess } from '../route-access';

/**
 * The OpenAPI document of every route, made from the zod schemas declared on the routes
 * themselves (nothing to keep in step by hand), served as JSON at GET /api/docs and
 * /api/docs/json. Registered before the routes so that @fastify/swagger's onRoute hook sees them.
 * Each operation carries `x-access` (public / customer / staff), read from the route's
 * `config.access` (docs/architecture.md, "Route access").
 */
async function openApiPlugin(app: FastifyInstance) {
  const zodTransform = createJsonSchemaTransform({ skipList: ['/api/docs', '/api/docs/json'] });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Parc Aventure des Landes — API de réservation de groupes',
        description:
          'Réponses `{ success: true, data, message? }` ; erreurs `{ success: false, error, message, code, details? }`.',
        version: '1',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: (input) => {
      const transformed = zodTransform(input);
      const access = routeAccess(input.route.config, input.url);
      return {
        ...transformed,
        schema: {
          ...transformed.schema,
          ...(access === 'public' ? {} : { security: [{ bearer: [] }] }),
          'x-access': access,
        },
      } as typeof transformed;
    },
    transformObject: jsonSchemaTransformObject,
  });

  const serve = async () => app.swagger();
  app.get('/api/docs', { schema: { hide: true }, config: { access: 'public' } }, serve);
  app.get('/api/docs/json', { schema: { hide: true }, config: { access: 'public' } }, serve);
}

export default fp(openApiPlugin, { name: 'openapi' });
