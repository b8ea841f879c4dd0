import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privacyRequests } from '../db/schema/index.ts';
import { fingerprint } from '../test/fingerprint.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { type TenantRecords, tenantWithData } from '../test/tenant-data.ts';

/**
 * The requests from the person on the careers site (issue 24, decision 194) among tenants: from one licence's
 * privacy page nothing of another licence is reachable; an address only another licence holds is answered as an
 * unknown one and writes nothing; hostile input is answered with a page, escaped, never a 5xx.
 */
const MARKER = 'Zothertenantz';

let t: TestApp;
let a: TenantRecords;
let b: TenantRecords;
let n = 0;
const post = (path: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/careers/${a.careers.slug}${path}`,
    remoteAddress: `192.0.2.${(++n % 250) + 1}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

beforeAll(async () => {
  t = await createTestApp({ VIVIER_CAREERS_MAX_PER_MINUTE: '100000' });
  a = await tenantWithData(t, 'Tenanta');
  b = await tenantWithData(t, MARKER);
}, 120_000);
afterAll(() => t.close());

const SECRETS = () => [MARKER, 'Tenanta candidate', 'tenanta@candidate.test', a.adminEmail, a.userEmail];

describe('the privacy request pages among tenants', () => {
  it("show nothing of another licence or of A's candidates, and a GET writes nothing", async () => {
    const site = `/careers/${a.careers.slug}/privacy`;
    const before = await fingerprint(t.db);
    const failures: string[] = [];
    for (const url of [site, `${site}/sent`, `${site}/confirmed`, `${site}/confirm/${'A'.repeat(43)}`]) {
      const res = await t.app.inject({ url });
      if (res.statusCode >= 500) failures.push(`${url} answered ${res.statusCode}`);
      for (const secret of SECRETS()) if (res.body.includes(secret)) failures.push(`${url} showed ${secret}`);
      if (res.headers['set-cookie']) failures.push(`${url} set a cookie`);
    }
    expect(failures).toEqual([]);
    expect(await fingerprint(t.db)).toEqual(before);
  });

  it('answers an address only another licence holds as an unknown one, and writes nothing for either', async () => {
    const before = await fingerprint(t.db);
    // B's records hold one open request already (tenant-data.ts): none is added.
    const requestsOfB = () =>
      t.db.select().from(privacyRequests).where(eq(privacyRequests.licenceId, b.licenceId));
    const requestsBefore = await requestsOfB();
    const other = await post('/privacy', {
      kind: 'erasure',
      email: `${MARKER.toLowerCase()}@candidate.test`,
    });
    const unknown = await post('/privacy', { kind: 'erasure', email: 'nobody@nowhere.test' });
    expect(other.statusCode).toBe(303);
    expect(other.headers.location).toBe(unknown.headers.location);
    expect(other.body).toBe(unknown.body);
    expect(await requestsOfB()).toEqual(requestsBefore);
    // Only the rate limit's counters moved.
    const { rate_limit_hits: _hitsBefore, ...restBefore } = before;
    const { rate_limit_hits: _hitsAfter, ...restAfter } = await fingerprint(t.db);
    expect(restAfter).toEqual(restBefore);
  });

  it('answers hostile fields with a page, escaped, never a 5xx', async () => {
    const hostile = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom(
        '<script>alert(1)</script>',
        '"><img src=x onerror=alert(1)>',
        "' OR 1=1 --",
        '\u0000',
        'x'.repeat(3000),
      ),
    );
    await fc.assert(
      fc.asyncProperty(hostile, hostile, async (kind, email) => {
        const res = await post('/privacy', { kind, email });
        expect(res.statusCode).toBeLessThan(500);
        expect(res.body).not.toContain('<script>alert(1)');
        expect(res.body).not.toContain('<img src=x');
      }),
      { numRuns: 60 },
    );
  });
});
