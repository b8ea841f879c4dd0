import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createClient, rateLimitOf, VivierApiError } from '../src/index.ts';
import { json, withHttpServer } from './http-server.ts';

const server = withHttpServer();
const TOKEN = 'viv_test-token-of-the-unit-tests-0123456789abcdef';
const client = (options: { timeoutMs?: number; token?: string } = {}) =>
  createClient({ baseUrl: server.state.baseUrl, token: TOKEN, ...options });

/** The one request the server received. */
const only = () => {
  expect(server.received).toHaveLength(1);
  const [request] = server.received;
  if (!request) throw new Error('no request');
  return request;
};

const failure = async (call: Promise<unknown>): Promise<VivierApiError> => {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VivierApiError);
  return error as VivierApiError;
};

describe('the typed client: requests as the wire contract says (DESIGN section 5)', () => {
  it('fills the path, sends query and body snake_cased, the token as a bearer, and reads the answer camelCased', async () => {
    server.answer((_, res) => json(res, 200, { id: 7, company_id: 2, created_at: '2026-11-27T10:00:00Z' }));
    const offer = await client().jobOffers.update({
      params: { id: 7 },
      query: { embed: ['company', 'tags'] },
      body: { jobOffer: { companyId: 2, assignedUsers: [1, 3] } },
    });
    expect(offer).toMatchObject({ id: 7, companyId: 2, createdAt: '2026-11-27T10:00:00Z' });
    const request = only();
    expect(request.method).toBe('PATCH');
    expect(request.url).toBe('/api/job_offers/7?embed[]=company&embed[]=tags');
    expect(JSON.parse(request.body)).toEqual({ job_offer: { company_id: 2, assigned_users: [1, 3] } });
    expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers.accept).toBe('application/json');
  });

  it('writes filters in bracket form and arrays with [], encodes values, leaves out undefined', async () => {
    server.answer((_, res) => json(res, 200, { data: [], total_count: 0 }));
    await client().jobApplications.listOfOffer({
      params: { id: 3 },
      query: { filters: { withStatusId: 4, search: 'a b&c' }, embed: ['status'], page: undefined },
    });
    expect(only().url).toBe(
      '/api/job_offers/3/job_applications?filters[with_status_id]=4&filters[search]=a%20b%26c&embed[]=status',
    );
  });

  it('encodes each path parameter, camelCase names included, and sends a public route without the token', async () => {
    server.answer((_, res) => json(res, 200, { message: 'ok' }));
    await client().auth.forgotPassword({ params: { email: 'a b/c@d.e' } });
    const request = only();
    expect(request.url).toBe('/api/password/forgot/a%20b%2Fc%40d.e');
    expect(request.headers.authorization).toBeUndefined();
    server.received.length = 0;
    server.answer((_, res) => json(res, 200, { id: 4 }));
    await client().candidates.attachTag({ params: { candidateId: 4, tagId: 9 } });
    expect(only().url).toBe('/api/candidates/4/tags/9');
  });

  it('sends the headers a route reads (X-Requested-Ids)', async () => {
    server.answer((_, res) => json(res, 200, { data: [], total_count: 0 }));
    await client().candidates.byIds({ headers: { 'X-Requested-Ids': '5,2' } });
    expect(only().headers['x-requested-ids']).toBe('5,2');
  });

  it('answers a list with its total count, and .all() follows Link rel="next" page after page', async () => {
    server.answer((request, res) => {
      const page = Number(new URL(request.url, 'http://x').searchParams.get('page') ?? 1);
      json(
        res,
        200,
        { data: [{ id: page, first_name: `P${page}` }], total_count: 3 },
        // A relative link on page 1, an absolute one on page 2, none on the last.
        page === 1
          ? { link: '</api/tags?page=2&per_page=1>; rel="next"' }
          : page === 2
            ? { link: `<${server.state.baseUrl}/tags?page=3&per_page=1>; rel="next", <x>; rel="prev"` }
            : {},
      );
    });
    const first = await client().jobOffers.list({ query: { page: 1, perPage: 1 } });
    expect(first.totalCount).toBe(3);
    expectTypeOf(first.totalCount).toEqualTypeOf<number>();
    expect(only().url).toBe('/api/job_offers?page=1&per_page=1');
    server.received.length = 0;
    const all = await client().tags.list.all({ query: { perPage: 1 } });
    expect(all.map((tag) => tag.id)).toEqual([1, 2, 3]);
    expect(server.received.map((r) => r.url)).toEqual([
      '/api/tags?per_page=1',
      '/api/tags?page=2&per_page=1',
      '/api/tags?page=3&per_page=1',
    ]);
    expect(server.received.every((r) => r.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
  });

  it('asks getToken before each authenticated call', async () => {
    let asked = 0;
    const vivier = createClient({
      baseUrl: server.state.baseUrl,
      getToken: async () => `viv_${++asked}`,
    });
    server.answer((_, res) => json(res, 200, { data: [], total_count: 0 }));
    await vivier.jobOffers.list();
    await vivier.jobOffers.list();
    expect(server.received.map((r) => r.headers.authorization)).toEqual(['Bearer viv_1', 'Bearer viv_2']);
  });

  it('forces https on a remote base URL, not on loopback; fails before sending on a missing parameter', async () => {
    const urls: string[] = [];
    const vivier = createClient({
      baseUrl: 'http://vivier.example.com/api/',
      token: TOKEN,
      fetch: async (url) => {
        urls.push(url);
        return new Response('{"data":[],"total_count":0}', { status: 200 });
      },
    });
    await vivier.jobOffers.list();
    expect(urls).toEqual(['https://vivier.example.com/api/job_offers']);
    const error = await failure(vivier.candidates.get({ params: { id: undefined as unknown as number } }));
    expect(error).toMatchObject({ kind: 'route', message: 'Bad route' });
    expect(urls).toHaveLength(1);
  });

  it('types inputs and answers from the route table', () => {
    const vivier = createClient({ baseUrl: 'https://vivier.example.com/api', token: TOKEN });
    expectTypeOf(vivier.candidates.get).parameter(0).toHaveProperty('params').toEqualTypeOf<{ id: number }>();
    expectTypeOf(vivier.candidates.get).returns.resolves.toHaveProperty('firstName');
    expectTypeOf(vivier.jobApplications.move).parameter(0).toHaveProperty('body');
    // @ts-expect-error a route with path parameters needs them
    expect(() => vivier.candidates.get()).toBeTypeOf('function');
    // @ts-expect-error body keys are camelCase (the client sends them snake_case)
    void vivier.jobApplications.move.bind(null, { params: { id: 1 }, body: { status_id: 2 } });
  });
});

describe('the typed client: errors', () => {
  it('throws a VivierApiError with the status, the code and the message the server answered', async () => {
    server.answer((_, res) =>
      json(res, 403, { error: 'missing_scope', message: 'This API token lacks the scope candidates:write' }),
    );
    const error = await failure(client().candidates.create({ body: { candidate: { firstName: 'Ada' } } }));
    expect(error).toMatchObject({
      kind: 'http',
      status: 403,
      code: 'missing_scope',
      message: 'This API token lacks the scope candidates:write',
      url: `${server.state.baseUrl}/candidates`,
    });
    expect(error.body.error).toBe('missing_scope');
  });

  it('reads Retry-After and the RateLimit-* headers of a 429', async () => {
    server.answer((_, res) =>
      json(
        res,
        429,
        { error: 'rate_limited', message: 'Too many attempts, please try again later' },
        {
          'retry-after': '17',
          'ratelimit-limit': '600',
          'ratelimit-remaining': '0',
          'ratelimit-reset': '17',
        },
      ),
    );
    const error = await failure(client().jobOffers.list());
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfter: 17 });
    expect(rateLimitOf(error.headers)).toEqual({ limit: 600, remaining: 0, reset: 17 });
  });

  it('answers the rate limit of a success with withResponse', async () => {
    server.answer((_, res) =>
      json(
        res,
        200,
        { data: [], total_count: 0 },
        { 'ratelimit-limit': '600', 'ratelimit-remaining': '599', 'ratelimit-reset': '42' },
      ),
    );
    const answer = await client().jobOffers.list.withResponse();
    expect(answer).toMatchObject({ status: 200, data: { data: [], totalCount: 0 } });
    expect(answer.rateLimit).toEqual({ limit: 600, remaining: 599, reset: 42 });
  });

  it('reads an answer that is not JSON (a proxy page) as an HTTP error with no code', async () => {
    server.answer((_, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    });
    const error = await failure(client().jobOffers.list());
    expect(error).toMatchObject({
      kind: 'http',
      status: 502,
      code: undefined,
      message: 'Request failed with status code 502',
    });
    expect(error.retryAfter).toBeUndefined();
  });

  it('gives up after timeoutMs when no answer comes, and when the body stalls', async () => {
    server.answer(() => {
      // Never answers.
    });
    const started = Date.now();
    const silent = await failure(client({ timeoutMs: 200 }).jobOffers.list());
    expect(silent).toMatchObject({
      kind: 'timeout',
      code: 'ECONNABORTED',
      message: 'Timeout of 200ms exceeded',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    server.answer((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data": [');
    });
    const stalled = await failure(client({ timeoutMs: 200 }).jobOffers.list());
    expect(stalled).toMatchObject({ kind: 'timeout', code: 'ECONNABORTED' });
  });

  it('says when nothing answers at all', async () => {
    const vivier = createClient({ baseUrl: 'http://127.0.0.1:1/api', token: TOKEN });
    const error = await failure(vivier.jobOffers.list());
    expect(error).toMatchObject({ kind: 'network', code: 'ERR_NETWORK', status: undefined });
  });
});

describe('the package', () => {
  it('imports nothing of Node, so a browser bundle can take it', () => {
    const src = path.join(import.meta.dirname, '../src');
    for (const file of fs.readdirSync(src)) {
      const text = fs.readFileSync(path.join(src, file), 'utf8');
      const imported = [...text.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
      expect(
        imported.filter(
          (name) => !name?.startsWith('./') && !name?.startsWith('@vivier/contract') && name !== 'zod',
        ),
        file,
      ).toEqual([]);
      const code = text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      expect(code, file).not.toMatch(/\bprocess\.|\brequire\(|\bBuffer\b/);
    }
  });
});
