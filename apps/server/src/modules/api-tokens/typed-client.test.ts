import type { AddressInfo } from 'node:net';
import { createClient, VivierApiError } from '@vivier/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Organisation, organisation } from '../../test/fixtures/organisation.ts';
import { createTestApp, type TestApp, withTestApp } from '../../test/harness.ts';
import { awayFromWindowEnd } from '../../test/window-edge.ts';

/**
 * `@vivier/client` (decision 200) against the real app listening on loopback, with API tokens made the way an
 * admin makes them in Settings → API tokens: what a program would do with the README's example.
 */
let t: TestApp;
withTestApp((app) => {
  t = app;
});
let org: Organisation;
let other: Organisation;
let baseUrl: string;
beforeAll(async () => {
  org = await organisation(t);
  other = await organisation(t);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
});

/** A token of `o`'s admin with `scopes`, as `POST /api/api_tokens` shows it once. */
async function tokenWith(scopes: string[], o: Organisation = org): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/api_tokens',
    headers: o.admin.headers,
    payload: { name: `Program ${scopes.length}`, scopes },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().token as string;
}

async function offerOf(o: Organisation, name: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/job_offers',
    headers: o.admin.headers,
    payload: { job_offer: { name } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const failure = async (call: Promise<unknown>): Promise<VivierApiError> => {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VivierApiError);
  return error as VivierApiError;
};

describe('@vivier/client with an API token, over HTTP', () => {
  it('lists job offers with their total count, a page at a time and all of them, with the rate limit', async () => {
    const names = ['Backend developer', 'Designer', 'Data engineer'];
    for (const name of names) await offerOf(org, name);
    await offerOf(other, 'Not theirs');
    const vivier = createClient({ baseUrl, token: await tokenWith(['job_offers:read']) });

    const page = await vivier.jobOffers.list({ query: { page: 1, perPage: 2 } });
    expect(page.totalCount).toBe(3);
    expect(page.data).toHaveLength(2);
    expect(page.data[0]).toHaveProperty('createdAt');
    const all = await vivier.jobOffers.list.all({ query: { perPage: 2, filters: { archived: 'false' } } });
    expect(all.map((offer) => offer.name).sort()).toEqual([...names].sort());

    const { rateLimit } = await vivier.jobOffers.list.withResponse({ query: { perPage: 1 } });
    expect(rateLimit?.limit).toBe(t.config.apiTokenMaxPerMinute);
    expect(rateLimit?.remaining).toBeLessThan(rateLimit?.limit ?? 0);
  });

  it('creates a candidate, adds them to an offer and moves their application', async () => {
    // A program reading its token from a secret store when it first needs it.
    let stored: string | undefined;
    const vivier = createClient({
      baseUrl,
      getToken: async () =>
        (stored ??= await tokenWith(['candidates:read', 'candidates:write', 'applications:write'])),
    });
    const candidate = await vivier.candidates.create({
      body: { candidate: { firstName: 'Ada', lastName: 'Lovelace', emails: ['ada@example.com'] } },
    });
    expect(candidate).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    expect((await vivier.candidates.get({ params: { id: candidate.id } })).firstName).toBe('Ada');

    const offerId = await offerOf(org, 'Analyst');
    const [first, second] = org.statuses;
    if (!first || !second) throw new Error('the pipeline has two statuses');
    const added = await vivier.jobApplications.bulkCreate({
      body: { jobOfferId: offerId, statusId: first.id, candidatesIds: [candidate.id] },
    });
    expect(added).toEqual({ created: 1, duplicates: [] });
    const { data: applications } = await vivier.candidates.jobApplications({ params: { id: candidate.id } });
    const [application] = applications;
    if (!application) throw new Error('the candidate has an application');
    const moved = await vivier.jobApplications.move({
      params: { id: application.id },
      body: { statusId: second.id },
    });
    expect(moved).toMatchObject({ id: application.id, statusId: second.id, jobOfferId: offerId });
  });

  it("surfaces a missing scope as a VivierApiError coded missing_scope, and another licence's id as not_found", async () => {
    const reader = createClient({ baseUrl, token: await tokenWith(['candidates:read']) });
    const refused = await failure(reader.candidates.create({ body: { candidate: { firstName: 'Eve' } } }));
    expect(refused).toMatchObject({
      kind: 'http',
      status: 403,
      code: 'missing_scope',
      message: 'This API token lacks the scope candidates:write',
    });

    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/candidates',
      headers: other.admin.headers,
      payload: { candidate: { first_name: 'Theirs' } },
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const missing = await failure(reader.candidates.get({ params: { id: theirs.json().id as number } }));
    expect(missing).toMatchObject({ kind: 'http', status: 404, code: 'not_found' });
  });

  it('answers a revoked token with invalid_token, and a bad input with validation_error and its fields', async () => {
    const token = await tokenWith(['job_offers:read']);
    const vivier = createClient({ baseUrl, token });
    const bad = await failure(vivier.jobOffers.list({ query: { filters: { archived: 'maybe' as 'true' } } }));
    expect(bad).toMatchObject({ status: 400, code: 'validation_error' });
    expect(bad.body.details).toEqual(expect.any(Array));

    const listed = await t.app.inject({ url: '/api/api_tokens', headers: org.admin.headers });
    const row = (listed.json().data as { id: number; prefix: string }[]).find((r) =>
      token.startsWith(r.prefix),
    );
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/api_tokens/${row?.id}`,
      headers: org.admin.headers,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const refused = await failure(vivier.jobOffers.list());
    expect(refused).toMatchObject({ status: 401, code: 'invalid_token' });
  });

  it("past the token's limit, answers 429 rate_limited with Retry-After, and counts down RateLimit-Remaining", async () => {
    const limited = await createTestApp({ VIVIER_API_TOKEN_MAX_PER_MINUTE: '3' });
    try {
      const o = await organisation(limited);
      await limited.app.listen({ host: '127.0.0.1', port: 0 });
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/api_tokens',
        headers: o.admin.headers,
        payload: { name: 'Busy program', scopes: ['job_offers:read'] },
      });
      const vivier = createClient({
        baseUrl: `http://127.0.0.1:${(limited.app.server.address() as AddressInfo).port}/api`,
        token: res.json().token,
      });
      // The limit counts in fixed minutes: the four calls fall in one.
      await awayFromWindowEnd(60, 10);
      const remaining: (number | undefined)[] = [];
      for (let call = 0; call < 3; call += 1) {
        remaining.push((await vivier.jobOffers.list.withResponse()).rateLimit?.remaining);
      }
      expect(remaining).toEqual([2, 1, 0]);
      const refused = await failure(vivier.jobOffers.list());
      expect(refused).toMatchObject({ kind: 'http', status: 429, code: 'rate_limited' });
      expect(refused.retryAfter).toBeGreaterThanOrEqual(1);
      expect(refused.retryAfter).toBeLessThanOrEqual(60);
    } finally {
      await limited.close();
    }
  });
});
