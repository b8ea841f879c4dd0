import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, withTestApp } from '../../test/harness.ts';
import { testDatabaseKind } from '../../test/test-database.ts';

let t: TestApp;
withTestApp((app) => (t = app));

describe('GET /api/health', () => {
  it('answers ok after a database round trip, without a token', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: testDatabaseKind() });
  });

  it('answers 503 when the database cannot be reached', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const res = await broken.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'database_unavailable', message: 'The database cannot be reached' });
    await broken.app.close();
  });
});

describe('GET /api/health while the instance is told to stop', () => {
  it('answers 503 shutting_down so a load balancer takes it out, and still serves requests', async () => {
    const stopping = await createTestApp();
    await stopping.licence();
    const { jwt } = await stopping.login('admin@org1.test');
    stopping.app.startDraining();
    const res = await stopping.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'shutting_down', message: 'This instance is shutting down' });
    expect((await stopping.app.inject({ url: '/api/license', headers: stopping.auth(jwt) })).statusCode).toBe(
      200,
    );
    await stopping.close();
  });
});

describe('OpenAPI', () => {
  it('documents the API from the zod schemas at /api/openapi.json', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/users/login', '/api/license', '/api/password/{token}']),
    );
    expect(
      doc.paths['/api/users/login'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['email', 'password']);
    const ui = await t.app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});
