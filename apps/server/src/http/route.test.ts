import { type RouteEntry, route, routeList } from '@vivier/contract';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type TestApp, withTestApp } from '../test/harness.ts';
import { routesOf } from '../test/router-routes.ts';
import { markAuthenticatedScope } from './authenticate.ts';
import { register, registeredRoutes } from './route.ts';

const key = (entry: RouteEntry) => `${entry.method} ${entry.path}`;

/** Routes of the app that are not JSON API routes of the table (decision 150; the careers pages: decision 190). */
const OUTSIDE_THE_TABLE = (route: string) =>
  route === 'GET /api/openapi.json' ||
  route.startsWith('GET /api/docs') ||
  route === 'GET /*' ||
  route.startsWith('GET /careers') ||
  route.startsWith('POST /careers') ||
  // The interviewers' calendar files (issue 27): .ics for calendar apps, not JSON of the API.
  route.startsWith('GET /calendar/');

let t: TestApp;
withTestApp((app) => (t = app));

describe('the route table', () => {
  it('names each method and path once', () => {
    const keys = routeList().map(([, entry]) => key(entry));
    expect(keys.length).toBeGreaterThan(60);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is what the app registers: every entry once, no route outside it', () => {
    const table = new Set(routeList().map(([, entry]) => entry));
    const registered = registeredRoutes(t.app);
    const missing = routeList().filter(([, entry]) => !registered.has(entry));
    expect(missing.map(([name]) => name)).toEqual([]);
    expect([...registered].filter((entry) => !table.has(entry))).toEqual([]);

    // The router holds each entry's method and path, and as many routes as the table besides the exceptions
    // (printRoutes spells shared segments its own way, `:id|:candidateId`, so routes are counted here).
    for (const [name, entry] of routeList()) {
      // The router keeps `/users/` as `/users` (ignoreTrailingSlash).
      const url = `/api${entry.path}`.replace(/\/$/, '');
      expect(t.app.hasRoute({ method: entry.method, url }), name).toBe(true);
    }
    const routed = routesOf(t.app.printRoutes({ commonPrefix: false }));
    expect(routed.filter((r) => !OUTSIDE_THE_TABLE(r))).toHaveLength(routeList().length);
  });

  it('documents each operation with its error codes', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const operation = doc.paths['/api/job_offers/{id}'].patch;
    expect(operation.summary).toBe('Change a job offer');
    const codes = operation.responses.default.content['application/json'].schema.properties.error.enum;
    expect(codes).toEqual(
      expect.arrayContaining(['not_found', 'forbidden', 'validation_error', 'unauthorized', 'maintenance']),
    );
    const health = doc.paths['/api/health'].get.responses.default.content['application/json'].schema;
    expect(health.properties.error.enum).not.toContain('unauthorized');
    expect(health.properties.error.enum).not.toContain('maintenance');
  });
});

describe('register', () => {
  const spec = {
    responses: { 200: z.object({ ok: z.boolean() }) },
    errors: [],
    tags: ['test'],
    summary: 'A route of this test',
  };
  const publicRoute = route({ method: 'GET', path: '/open', service: 'main', access: 'public' }, spec);
  const privateRoute = route({ ...publicRoute, path: '/closed', access: 'authenticated' }, spec);

  const bareApp = () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    return app;
  };

  it('refuses a public route inside the authenticated scope', async () => {
    const boot = async () => {
      const app = bareApp();
      await app.register(async (scope) => {
        markAuthenticatedScope(scope);
        register(scope, publicRoute, async () => ({ ok: true }));
      });
    };
    await expect(boot()).rejects.toThrow(
      'GET /open is public in the route table but registered inside the authenticated scope',
    );
  });

  it('refuses an authenticated route outside the authenticated scope', async () => {
    const boot = async () => {
      const app = bareApp();
      await app.register(async (scope) => register(scope, privateRoute, async () => ({ ok: true })));
    };
    await expect(boot()).rejects.toThrow(
      'GET /closed is authenticated in the route table but registered outside the authenticated scope',
    );
  });

  it('refuses an entry registered twice', async () => {
    const boot = async () => {
      const app = bareApp();
      await app.register(async (scope) => {
        register(scope, publicRoute, async () => ({ ok: true }));
        register(scope, publicRoute, async () => ({ ok: true }));
      });
    };
    await expect(boot()).rejects.toThrow('GET /open is registered twice');
  });

  it('registers the entry with its schemas: input validated, answer serialized', async () => {
    const app = bareApp();
    const echo = route(
      { method: 'POST', path: '/echo/:id', service: 'main', access: 'public' },
      { ...spec, params: z.object({ id: z.coerce.number() }), body: z.strictObject({ name: z.string() }) },
    );
    await app.register(async (scope) => {
      register(scope, echo, async (request) => ({
        ok: request.params.id === 3 && request.body.name === 'a',
      }));
    });
    expect((await app.inject({ method: 'POST', url: '/echo/3', payload: { name: 'a' } })).json()).toEqual({
      ok: true,
    });
    expect((await app.inject({ method: 'POST', url: '/echo/3', payload: { nom: 'a' } })).statusCode).toBe(
      400,
    );
    await app.close();
  });
});
