import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint } from '../test/fingerprint.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { bodyExampleOf, type Operation, operationsOf, urlOf } from '../test/openapi-operations.ts';
import { type TenantRecords, type TenantResource, tenantWithData } from '../test/tenant-data.ts';

/**
 * Tenants never mix (ASVS 8.4.1, 8.2.2; Outline's "should not leak documents across teams"): for every route
 * of the OpenAPI document, another licence's ids answer 404 and change nothing, and no list or search answers a
 * row of another licence. Driven from the document: a new route is covered without editing this file, and a
 * new kind of path parameter fails until it is named below.
 */
const MARKER = 'Zothertenantz';

/** Path parameters that name no tenant record: they are checked by their own tests. */
const NOT_TENANT_IDS = new Set(['token', 'email', 'provider']);

/** Which resource a path parameter names: by its own name, else by the path segment before it. */
function resourceOf(path: string, param: string): TenantResource {
  const byName: Record<string, TenantResource> = {
    tagId: 'tag',
    candidateId: 'candidate',
    jobOfferId: 'jobOffer',
    userId: 'user',
    statusId: 'status',
    templateId: 'emailTemplate',
    applicationId: 'application',
    emailId: 'candidateEmail',
    fileId: 'candidateFile',
    deliveryId: 'webhookDelivery',
  };
  const named = byName[param];
  if (named) return named;
  const segment = path.split(`/{${param}}`)[0]?.split('/').pop() ?? '';
  const bySegment: Record<string, TenantResource> = {
    job_offers: 'jobOffer',
    candidates: 'candidate',
    job_applications: 'application',
    users: 'user',
    client_data: 'user',
    statuses: 'status',
    tags: 'tag',
    companies: 'company',
    email_templates: 'emailTemplate',
    settings: 'setting',
    email_sends: 'emailSend',
    notes: 'note',
    notifications: 'notification',
    candidate_erasures: 'candidateErasure',
    privacy_requests: 'privacyRequest',
    api_tokens: 'apiToken',
    webhooks: 'webhook',
    interviews: 'interview',
    saved_searches: 'savedSearch',
  };
  const resource = bySegment[segment];
  if (!resource) throw new Error(`${path}: say which resource {${param}} names in tenant-isolation.test.ts`);
  return resource;
}

/** Body fields that reference a record, and the resource they reference (mass assignment across tenants). */
const REFERENCE_FIELDS: Record<string, TenantResource> = {
  company_id: 'company',
  status_id: 'status',
  job_offer_id: 'jobOffer',
  email_template_id: 'emailTemplate',
  candidate_id: 'candidate',
  job_application_id: 'application',
  candidates_ids: 'candidate',
  candidate_ids: 'candidate',
  assigned_users: 'user',
  from_status: 'status',
  move_to: 'status',
  contacted_status: 'status',
  tag_id: 'tag',
  tag_ids: 'tag',
  user_id: 'user',
  licence_id: 'user',
  license_id: 'user',
  // Interviews (issue 27).
  interviewer_ids: 'user',
  template_id: 'emailTemplate',
  criterion_id: 'scorecardCriterion',
};

/** The example body with every reference field pointing at `records`' ids; undefined when it has none. */
function bodyReferencing(op: Operation, records: TenantRecords): unknown {
  let found = false;
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, field]) => {
        const resource = REFERENCE_FIELDS[key];
        if (!resource) return [key, walk(field)];
        found = true;
        const id = records.ids[resource];
        return [key, Array.isArray(field) || key.endsWith('s') ? [id] : id];
      }),
    );
  };
  const body = walk(bodyExampleOf(op));
  return found ? body : undefined;
}

let t: TestApp;
let a: TenantRecords;
let b: TenantRecords;
let adminJwt: string;
let userJwt: string;
let operations: Operation[];
beforeAll(async () => {
  t = await createTestApp({ VIVIER_LOGIN_MAX_PER_ACCOUNT: '1000', VIVIER_LOGIN_MAX_PER_ADDRESS: '1000' });
  a = await tenantWithData(t, 'Tenanta');
  b = await tenantWithData(t, MARKER);
  adminJwt = (await t.login(a.adminEmail)).jwt;
  userJwt = (await t.login(a.userEmail)).jwt;
  operations = operationsOf(t.app).filter((op) => op.authenticated);
}, 120_000);
afterAll(() => t.close());

describe('tenant isolation, from the OpenAPI document', () => {
  it('covers the routes there are', () => {
    expect(operations.length).toBeGreaterThan(15);
  });

  it("answers 404 to another licence's ids on every id-taking route, and changes nothing", async () => {
    const failures: string[] = [];
    for (const op of operations) {
      const ids = op.pathParams.filter((p) => !NOT_TENANT_IDS.has(p));
      if (ids.length === 0 || ids.length !== op.pathParams.length) continue;
      // One call per parameter: that one from the other licence, the rest the caller's own.
      for (const foreign of ids) {
        const params = Object.fromEntries(
          ids.map((p) => [p, (p === foreign ? b : a).ids[resourceOf(op.path, p)]]),
        );
        for (const jwt of [adminJwt, userJwt]) {
          const before = await fingerprint(t.db);
          const res = await t.app.inject({
            method: op.method,
            url: urlOf(op, params),
            headers: t.auth(jwt),
            ...(op.body ? { payload: bodyExampleOf(op) as object } : {}),
          });
          const after = await fingerprint(t.db);
          if (res.statusCode !== 404)
            failures.push(`${op.label} {${foreign}} answered ${res.statusCode} ${res.body.slice(0, 120)}`);
          if (JSON.stringify(before) !== JSON.stringify(after))
            failures.push(`${op.label} {${foreign}} changed data`);
          if (res.body.includes(MARKER)) failures.push(`${op.label} {${foreign}} leaked the other licence`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000); // one call per route and id, every route the API has (13 s of 30 s in CI before issue 21's routes)

  it('answers no row of another licence in any list or search', async () => {
    const failures: string[] = [];
    for (const op of operations.filter((o) => o.method === 'GET' && o.pathParams.length === 0)) {
      for (const query of [
        {},
        { filters: { search: MARKER } },
        { filters: { search: MARKER.slice(0, 2) } },
      ]) {
        const res = await t.app.inject({
          method: 'GET',
          url: urlOf(op, {}, query),
          headers: { ...t.auth(adminJwt), 'x-requested-ids': Object.values(b.ids).join(',') },
        });
        if (res.statusCode >= 500) failures.push(`${op.label} answered ${res.statusCode}`);
        if (res.body.includes(MARKER))
          failures.push(`${op.label} ${JSON.stringify(query)} leaked the other licence`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("refuses a body that points at another licence's records, and changes nothing", async () => {
    const failures: string[] = [];
    for (const op of operations.filter((o) => o.body)) {
      const body = bodyReferencing(op, b);
      if (body === undefined) continue;
      if (op.pathParams.some((p) => NOT_TENANT_IDS.has(p))) continue;
      const params = Object.fromEntries(op.pathParams.map((p) => [p, a.ids[resourceOf(op.path, p)]]));
      const before = await fingerprint(t.db);
      const res = await t.app.inject({
        method: op.method,
        url: urlOf(op, params),
        headers: t.auth(adminJwt),
        payload: body as object,
      });
      const after = await fingerprint(t.db);
      if (res.statusCode < 400 || res.statusCode >= 500)
        failures.push(`${op.label} answered ${res.statusCode} ${res.body.slice(0, 120)}`);
      if (JSON.stringify(before) !== JSON.stringify(after)) failures.push(`${op.label} changed data`);
      if (res.body.includes(MARKER)) failures.push(`${op.label} leaked the other licence`);
    }
    expect(failures).toEqual([]);
  });
});
