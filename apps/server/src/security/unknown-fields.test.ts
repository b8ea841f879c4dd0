import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { bodyExampleOf, type Operation, operationsOf, urlOf } from '../test/openapi-operations.ts';

/**
 * Issue 18 section 8: a key the contract does not know is refused with 400 naming it, never dropped (a client
 * that sent `email` where the contract says `emails` lost its data behind a 201). Every operation of the OpenAPI
 * document is tried, so a route added later with a loose schema fails here.
 */
let t: TestApp;
let headers: Record<string, string>;
let operations: Operation[];
beforeAll(async () => {
  t = await createTestApp();
  await t.licence();
  headers = t.auth((await t.login('admin@org1.test')).jwt);
  operations = operationsOf(t.app);
});
afterAll(() => t.close());

const PARAMS = {
  id: 1,
  tagId: 1,
  candidateId: 1,
  token: 'x'.repeat(43),
  email: 'a@b.test',
  provider: 'google',
};
/**
 * Queries written by someone else: Google and Microsoft add parameters of their own to the sign-in callback
 * (`scope`, `authuser`, `prompt`, `session_state`…), which Vivier must not refuse.
 */
const FOREIGN_QUERIES = new Set(['GET /api/oauth/{provider}/callback']);

type Detail = { path: string; problem: string; message: string };

/** Every object inside a value, by key path: where an extra key may be put. */
function objectPaths(value: unknown, prefix: string[] = []): string[][] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  return [
    prefix,
    ...Object.entries(value).flatMap(([key, inner]) =>
      Array.isArray(inner)
        ? inner.flatMap((item, i) => objectPaths(item, [...prefix, key, String(i)]))
        : objectPaths(inner, [...prefix, key]),
    ),
  ];
}

function withExtraKey(value: unknown, path: string[]): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return { ...(value as object), unexpected_field: 'x' };
  if (Array.isArray(value)) return value.map((v, i) => (String(i) === head ? withExtraKey(v, rest) : v));
  return { ...(value as object), [head]: withExtraKey((value as Record<string, unknown>)[head], rest) };
}

const expectRefused = (res: { statusCode: number; json(): unknown }, label: string, path: string) => {
  expect(res.statusCode, `${label}: ${JSON.stringify(res.json())}`).toBe(400);
  const body = res.json() as { error: string; message: string; details: Detail[] };
  expect(body.error, label).toBe('validation_error');
  const field = path.split('.').slice(1).join('.');
  expect(body.details, label).toContainEqual({
    path,
    problem: 'unknown',
    message: `unknown field: ${field}`,
  });
  expect(body.message, label).toContain(`unknown field: ${field}`);
};

describe('unknown fields', () => {
  it('POST /api/candidates with `email` (the contract says `emails`) is refused, not created without it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/candidates',
      headers,
      payload: { candidate: { first_name: 'Ada', email: 'a@b.test' } },
    });
    expectRefused(res, 'POST /api/candidates', 'body.candidate.email');
    const search = await t.app.inject({ url: '/api/candidates/search', headers });
    expect(search.json().total_count).toBe(0);
  });

  it('every route with a JSON body refuses an extra key at every level of the body', async () => {
    const withBody = operations.filter((op) => op.body);
    expect(withBody.length).toBeGreaterThan(25);
    for (const op of withBody) {
      const example = bodyExampleOf(op);
      const places = objectPaths(example);
      expect(places.length, op.label).toBeGreaterThan(0);
      for (const place of places) {
        const res = await t.app.inject({
          method: op.method,
          url: urlOf(op, PARAMS),
          headers,
          payload: withExtraKey(example, place) as object,
        });
        expectRefused(
          res,
          `${op.label} at ${place.join('.') || 'the top'}`,
          ['body', ...place, 'unexpected_field'].join('.'),
        );
      }
    }
  });

  it('every route with a query refuses an unknown query key, and an unknown filter', async () => {
    const withQuery = operations.filter((op) => op.query.length > 0 && !FOREIGN_QUERIES.has(op.label));
    expect(withQuery.length).toBeGreaterThan(15);
    let filterRoutes = 0;
    for (const op of withQuery) {
      // A valid body beside it, so the query is what is refused.
      const payload = op.body ? (bodyExampleOf(op) as object) : undefined;
      const url = urlOf(op, PARAMS, { unexpected_param: '1' });
      expectRefused(
        await t.app.inject({ method: op.method, url, headers, payload }),
        op.label,
        'querystring.unexpected_param',
      );
      if (op.query.some((q) => q.name === 'filters')) {
        filterRoutes += 1;
        const filtered = urlOf(op, PARAMS, { filters: { unexpected_filter: '1' } });
        expectRefused(
          await t.app.inject({ method: op.method, url: filtered, headers, payload }),
          `${op.label} filters`,
          'querystring.filters.unexpected_filter',
        );
      }
    }
    // Users, companies, tags, job offers, their applications, the candidate search, the bulk move.
    expect(filterRoutes).toBeGreaterThanOrEqual(7);
  });

  it("accepts the keys the spec's own client sends back to PATCH /users/{id}, and ignores them", async () => {
    const { admin } = await t.licence();
    const { jwt } = await t.login(admin.email);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${admin.id}`,
      headers: t.auth(jwt),
      payload: { id: 999, license_id: 999, sf_id: 'SF-1', first_name: 'Grace' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: admin.id,
      license_id: admin.licenceId,
      sf_id: null,
      first_name: 'Grace',
    });
  });
});
