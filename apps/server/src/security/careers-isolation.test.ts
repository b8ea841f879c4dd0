import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint } from '../test/fingerprint.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { type TenantRecords, tenantWithData } from '../test/tenant-data.ts';

/**
 * The public careers scope (issue 23, decision 190) among tenants: from one licence's site, nothing of another
 * licence, of an unpublished offer, of any candidate or user is reachable, whatever the address or the query;
 * no answer depends on a session or sets one; nothing is written.
 */
const MARKER = 'Zothertenantz';

let t: TestApp;
let a: TenantRecords;
let b: TenantRecords;
let jwt: string;
beforeAll(async () => {
  t = await createTestApp({ VIVIER_CAREERS_MAX_PER_MINUTE: '100000' });
  a = await tenantWithData(t, 'Tenanta');
  b = await tenantWithData(t, MARKER);
  jwt = (await t.login(a.adminEmail)).jwt;
}, 120_000);
afterAll(() => t.close());

/** Every public address of A's site, aimed at B's and at what A keeps private. */
function addresses() {
  const site = `/careers/${a.careers.slug}`;
  const probes = [MARKER, MARKER.slice(0, 3), b.careers.slug, 'Tenanta', 'unpublished', '%', '_', "'"];
  return [
    site,
    `${site}/embed`,
    `${site}/sitemap.xml`,
    `${site}/logo`,
    `${site}/jobs/${a.careers.published}`,
    `${site}/jobs/${a.careers.unpublished}`,
    `${site}/jobs/${b.careers.published}`,
    `${site}/jobs/${b.careers.unpublished}`,
    `${site}/jobs/${b.ids.jobOffer}`,
    `${site}/jobs/${a.ids.jobOffer}`,
    ...probes.flatMap((p) => [
      `${site}?q=${encodeURIComponent(p)}`,
      `${site}?location=${encodeURIComponent(p)}`,
    ]),
  ];
}

/** What no careers page may ever say: the other licence, A's candidates, users, unpublished offer, pipeline. */
const SECRETS = () => [
  MARKER,
  'unpublished secret',
  'Tenanta candidate',
  'Tenanta title',
  'tenanta@candidate.test',
  a.adminEmail,
  a.userEmail,
  'Tenanta company',
  'Tenanta tag',
  'Tenanta note',
  '+33 6 00 00 00 00',
];

describe('the careers scope among tenants', () => {
  it("shows A's published offer on A's site", async () => {
    const res = await t.app.inject({ url: `/careers/${a.careers.slug}/jobs/${a.careers.published}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Tenanta offer');
  });

  it('reaches nothing of another licence, an unpublished offer, candidates or users; writes nothing', async () => {
    const failures: string[] = [];
    const before = await fingerprint(t.db);
    for (const url of addresses()) {
      const res = await t.app.inject({ url });
      if (res.statusCode >= 500) failures.push(`${url} answered ${res.statusCode}`);
      // The search echoes its own terms in the form and the links: those are the visitor's, not data.
      const shown = res.body.replace(/(value|href)="[^"]*"/g, '');
      for (const secret of SECRETS()) if (shown.includes(secret)) failures.push(`${url} showed ${secret}`);
      if (res.headers['set-cookie']) failures.push(`${url} set a cookie`);
    }
    expect(failures).toEqual([]);
    expect(await fingerprint(t.db)).toEqual(before);
  });

  it("answers 404 to an unpublished offer and to another licence's offer under this site", async () => {
    const site = `/careers/${a.careers.slug}`;
    for (const slug of [a.careers.unpublished, b.careers.published, b.careers.unpublished]) {
      expect((await t.app.inject({ url: `${site}/jobs/${slug}` })).statusCode, slug).toBe(404);
    }
  });

  it('answers the same with or without a session: it reads none', async () => {
    for (const url of addresses()) {
      const anonymous = await t.app.inject({ url });
      const signedIn = await t.app.inject({
        url,
        headers: { ...t.auth(jwt), cookie: `session=${jwt}` },
      });
      expect(signedIn.statusCode, url).toBe(anonymous.statusCode);
      // The apply form's token says when each page was served (decision 191): the one part that differs.
      const served = (body: string) => body.replace(/name="form_token" value="[^"]*"/, 'name="form_token"');
      expect(served(signedIn.body), url).toBe(served(anonymous.body));
    }
  });

  it('is outside the API: no careers route in the OpenAPI document', () => {
    const paths = Object.keys((t.app.swagger() as { paths: Record<string, unknown> }).paths);
    expect(paths.filter((p) => p.startsWith('/careers'))).toEqual([]);
  });

  it('answers random and hostile addresses and queries with a page, never a 5xx, never an unescaped value', async () => {
    const hostile = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom(
        '<script>alert(1)</script>',
        '"><img src=x onerror=alert(1)>',
        "' OR 1=1 --",
        '%',
        '\u0000',
        '../../etc/passwd',
        'x'.repeat(5000),
        '-1',
        '1e309',
      ),
    );
    const key = fc.constantFrom('q', 'location', 'contract', 'workplace', 'page', 'lang', 'q[]', 'page[x]');
    const before = await fingerprint(t.db);
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(key, hostile, { maxKeys: 4 }),
        fc.constantFrom('', '/embed', '/sitemap.xml', '/jobs/', '/jobs/x/y', '/logo'),
        hostile,
        async (query, suffix, tail) => {
          const search = new URLSearchParams(query).toString();
          const path = suffix === '/jobs/' ? `${suffix}${encodeURIComponent(tail)}` : suffix;
          const res = await t.app.inject({ url: `/careers/${a.careers.slug}${path}?${search}` });
          expect(res.statusCode, path).toBeLessThan(500);
          expect([200, 400, 404]).toContain(res.statusCode);
          expect(res.body).not.toContain('<script>alert(1)');
          expect(res.body).not.toContain('<img src=x');
        },
      ),
      { numRuns: 150 },
    );
    expect(await fingerprint(t.db)).toEqual(before);
  });
});
