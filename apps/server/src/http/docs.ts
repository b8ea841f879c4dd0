import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { VERSION } from '../version.ts';
import { openApiTransform } from './route.ts';

/**
 * The OpenAPI document, generated from the routes' zod schemas (served as /api/openapi.json by http/routes.ts,
 * behind the maintenance gate), and its browsable UI at /api/docs.
 */
export async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Vivier API',
        version: VERSION,
        description: 'Recruiting and applicant tracking. All paths under /api.',
      },
      // Each route of the authenticated scope says it needs the bearer token (http/authenticate.ts); the
      // others (sign-in, refresh, recovery, health) need none.
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: openApiTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { deepLinking: false },
  });
}
