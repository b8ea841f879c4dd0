import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { careersSites } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { fileStoreFor } from '../candidate-files/candidate-files.service.ts';
import { newStorageKey } from '../candidate-files/file-store.ts';
import { careersLicence } from './careers.fixtures.ts';

const RATE_LIMIT = 40;
let t: TestApp;
let acme: Awaited<ReturnType<typeof careersLicence>>;
let other: Awaited<ReturnType<typeof careersLicence>>;
let address = 0;

/** A GET from its own client address, so the rate limit of one test never reaches another's. */
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers, remoteAddress: `198.51.100.${++address % 250}` });

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** The text of the page's body, tags removed and entities read: what a visitor reads. */
const textOf = (body: string) =>
  (body.split('<body')[1] ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e)
    .replace(/\s+/g, ' ');

/** The offer names the list shows, in order. */
const listed = (body: string) => [...body.matchAll(/<h3><a [^>]*>([^<]*)<\/a><\/h3>/g)].map((m) => m[1]);

beforeAll(async () => {
  t = await createTestApp({
    VIVIER_CAREERS_MAX_PER_MINUTE: String(RATE_LIMIT),
    VIVIER_PUBLIC_URL: 'https://jobs.example.test',
  });
  acme = await careersLicence(t, 'acme', { colour: '#ffe066', intro: 'We make <b>anvils</b>' });
  other = await careersLicence(t, 'other-co');
  await acme.offer({ name: 'Backend developer', city: 'Lyon', country: 'FR', contractType: 'permanent' });
  await acme.offer({
    name: 'Remote designer',
    workplace: 'remote',
    country: 'DE',
    contractType: 'freelance',
    salaryMin: 50_000,
    salaryMax: 60_000,
    salaryCurrency: 'EUR',
    publicSlug: 'remote-designer',
  });
  await acme.offer({
    name: '<script>alert(1)</script> Engineer',
    city: 'Paris',
    country: 'FR',
    publicSlug: 'xss',
  });
  await acme.offer({ name: 'Draft offer', published: false, publicSlug: 'draft' });
  await acme.offer({ name: 'Closed offer', archived: true, publicSlug: 'closed' });
  await other.offer({ name: 'Other secret offer', publicSlug: 'secret' });
}, 60_000);
afterAll(() => t.close());

describe('the list of offers', () => {
  it('shows the published offers newest first, nothing unpublished, archived or of another licence', async () => {
    const res = await get('/careers/acme');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(listed(res.body)).toEqual([
      '&lt;script&gt;alert(1)&lt;/script&gt; Engineer',
      'Remote designer',
      'Backend developer',
    ]);
    expect(res.body).not.toMatch(/Draft offer|Closed offer|Other secret offer/);
    expect(textOf(res.body)).toContain('3 offer(s)');
    expect(res.body).toContain('<h1><a href="/careers/acme">acme organisation</a></h1>');
    expect(res.body).toContain('We make &lt;b&gt;anvils&lt;/b&gt;');
    expect(res.body).toContain('--brand:#ffe066;--on-brand:#111111');
    expect(Buffer.byteLength(res.body)).toBeLessThan(50_000);
  });

  it('filters by name, location, contract and workplace with a plain GET form', async () => {
    expect(listed((await get('/careers/acme?q=back')).body)).toEqual(['Backend developer']);
    expect(listed((await get('/careers/acme?location=lyo')).body)).toEqual(['Backend developer']);
    expect(listed((await get('/careers/acme?location=de')).body)).toEqual(['Remote designer']);
    expect(listed((await get('/careers/acme?contract=freelance')).body)).toEqual(['Remote designer']);
    expect(listed((await get('/careers/acme?workplace=on_site&location=fr')).body)).toHaveLength(2);
    const empty = await get('/careers/acme?q=nothing+like+this&contract=&workplace=');
    expect(textOf(empty.body)).toContain('No offer matches these filters.');
    expect(empty.body).toContain('<input type="search" name="q" value="nothing like this"');
  });

  it('answers the 400 page to a filter the form cannot send, in the visitor language', async () => {
    const res = await get('/careers/acme?contract=slavery', { 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(res.statusCode).toBe(400);
    expect(textOf(res.body)).toContain("Cette recherche n'est pas valide.");
  });

  it('shows the empty state when nothing is published', async () => {
    const empty = await careersLicence(t, 'empty-co');
    const res = await get('/careers/empty-co');
    expect(res.statusCode).toBe(200);
    expect(textOf(res.body)).toContain('No open positions at the moment.');
    expect(empty.licenceId).toBeGreaterThan(0);
  });

  it('pages 50 offers at a time', async () => {
    const many = await careersLicence(t, 'many-co');
    for (let i = 0; i < 55; i++) await many.offer({ name: `Job ${i}` });
    const first = await get('/careers/many-co');
    expect(listed(first.body)).toHaveLength(50);
    expect(Buffer.byteLength(first.body)).toBeLessThan(50_000);
    expect(first.body).toContain('href="/careers/many-co?page=2" rel="next"');
    const second = await get('/careers/many-co?page=2');
    expect(listed(second.body)).toEqual(['Job 4', 'Job 3', 'Job 2', 'Job 1', 'Job 0']);
    const past = await get('/careers/many-co?page=3');
    expect(listed(past.body)).toEqual([]);
    expect(textOf(past.body)).toContain('55 offer(s)');
  });
});

describe('languages', () => {
  it('follows Accept-Language, with a switch link to the other language', async () => {
    const res = await get('/careers/acme', { 'accept-language': 'de;q=1, fr;q=0.8, en;q=0.5' });
    expect(res.body).toContain('<html lang="fr">');
    expect(textOf(res.body)).toContain('Postes ouverts');
    expect(textOf(res.body)).toContain('3 offre(s)');
    expect(res.body).toContain('<a href="/careers/acme?lang=en" hreflang="en" lang="en">English</a>');
    expect(res.headers.vary).toContain('accept-language');
  });

  it('is overridden by ?lang=, which the links and the form keep', async () => {
    const res = await get('/careers/acme?lang=fr&contract=permanent', { 'accept-language': 'en' });
    expect(res.body).toContain('<html lang="fr">');
    expect(textOf(res.body)).toContain('CDI');
    expect(res.body).toContain('href="/careers/acme/jobs/offer-1?lang=fr"');
    expect(res.body).toContain('<input type="hidden" name="lang" value="fr">');
    expect(res.body).toContain('href="/careers/acme?contract=permanent&amp;lang=en"');
  });
});

describe('the source of a visit', () => {
  it("is kept by every link from the list, so the offer's form records where the visitor came from", async () => {
    const list = await get('/careers/acme?utm_source=LinkedIn%20Jobs');
    expect(list.body).toContain('href="/careers/acme/jobs/remote-designer?source=linkedin-jobs"');
    expect(list.body).toContain('<input type="hidden" name="source" value="linkedin-jobs">');
    expect(list.body).toContain('hreflang="fr"');
    expect(list.body).toMatch(/href="\/careers\/acme\?[^"]*source=linkedin-jobs[^"]*" hreflang="fr"/);
    const offer = await get('/careers/acme/jobs/remote-designer?source=linkedin-jobs');
    expect(offer.body).toContain('<input type="hidden" name="source" value="linkedin-jobs">');
    expect(offer.body).toContain('href="/careers/acme?source=linkedin-jobs"');
    // No source named: the links name none, and the form says the careers page.
    const plain = await get('/careers/acme');
    expect(plain.body).toContain('href="/careers/acme/jobs/remote-designer"');
    expect(plain.body).not.toContain('source=');
    const direct = await get('/careers/acme/jobs/remote-designer');
    expect(direct.body).toContain('<input type="hidden" name="source" value="careers_page">');
  });
});

describe("an offer's page", () => {
  it('shows the posting: place, contract, workplace, salary, the description as stored', async () => {
    const res = await get('/careers/acme/jobs/remote-designer?lang=fr');
    expect(res.statusCode).toBe(200);
    const text = textOf(res.body);
    expect(text).toContain('Remote designer');
    expect(text).toContain('Allemagne');
    expect(text).toContain('Freelance');
    expect(text).toContain('Télétravail');
    expect(text).toMatch(/50\s000\s€ – 60\s000\s€/);
    expect(res.body).toContain('<div class="description"><p>What you will do.</p></div>');
    expect(res.body).not.toContain('noindex');
  });

  it('carries a JobPosting JSON-LD with the required properties', async () => {
    const res = await get('/careers/acme/jobs/offer-1');
    const match = res.body.match(/<script type="application\/ld\+json">(.*?)<\/script>/s);
    const posting = JSON.parse(match?.[1] ?? 'null');
    expect(posting).toMatchObject({
      '@context': 'https://schema.org/',
      '@type': 'JobPosting',
      title: 'Backend developer',
      description: '<p>What you will do.</p>',
      datePosted: '2026-01-01T00:00:00.000Z',
      url: 'https://jobs.example.test/careers/acme/jobs/offer-1',
      hiringOrganization: { '@type': 'Organization', name: 'acme organisation' },
      jobLocation: {
        '@type': 'Place',
        address: { '@type': 'PostalAddress', addressLocality: 'Lyon', addressCountry: 'FR' },
      },
      employmentType: 'FULL_TIME',
      directApply: true,
    });
    expect(Number.isNaN(Date.parse(posting.datePosted))).toBe(false);
    for (const required of ['title', 'description', 'datePosted', 'hiringOrganization', 'jobLocation'])
      expect(posting, required).toHaveProperty(required);
  });

  it('says a remote offer is TELECOMMUTE with where applicants may be, and its salary', async () => {
    const res = await get('/careers/acme/jobs/remote-designer');
    const json = res.body.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1] ?? 'null';
    const posting = JSON.parse(json);
    expect(posting.jobLocation).toBeUndefined();
    expect(posting.jobLocationType).toBe('TELECOMMUTE');
    expect(posting.applicantLocationRequirements).toEqual({ '@type': 'Country', name: 'DE' });
    expect(posting.employmentType).toBe('CONTRACTOR');
    expect(posting.baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'EUR',
      value: { '@type': 'QuantitativeValue', minValue: 50_000, maxValue: 60_000, unitText: 'YEAR' },
    });
  });

  it('escapes a name with a script in the page and in its JSON-LD', async () => {
    const res = await get('/careers/acme/jobs/xss');
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Engineer');
    const json = res.body.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1] ?? '';
    expect(json).toContain('\\u003cscript\\u003ealert(1)\\u003c/script\\u003e');
    expect(JSON.parse(json).title).toBe('<script>alert(1)</script> Engineer');
  });
});

describe('the 404 page', () => {
  it.each([
    ['an unpublished offer', '/careers/acme/jobs/draft'],
    ['an archived offer', '/careers/acme/jobs/closed'],
    ["another licence's offer under this site", '/careers/acme/jobs/secret'],
    ['an unknown offer', '/careers/acme/jobs/nope'],
  ])('answers %s, never indexed', async (_, url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(textOf(res.body)).toContain('This offer is not available (any more).');
    expect(res.body).not.toMatch(/Draft offer|Closed offer|Other secret offer|What you will do/);
  });

  it('answers an unknown site in the visitor language', async () => {
    for (const url of [
      '/careers/nobody',
      '/careers/NOT_A_SLUG',
      '/careers/nobody/jobs/x',
      '/careers/acme/x/y',
    ]) {
      const res = await get(url, { 'accept-language': 'fr' });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(textOf(res.body)).toContain("Il n'y a pas de site carrières à cette adresse.");
    }
  });
});

describe('the sitemap, the embed and the logo', () => {
  it('lists the site and its public offers, with the configured address', async () => {
    const res = await get('/careers/acme/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://jobs.example.test/careers/acme',
      'https://jobs.example.test/careers/acme/jobs/xss',
      'https://jobs.example.test/careers/acme/jobs/remote-designer',
      'https://jobs.example.test/careers/acme/jobs/offer-1',
    ]);
  });

  it('shows the offers in a page any site may frame', async () => {
    const res = await get('/careers/acme/embed');
    expect(res.statusCode).toBe(200);
    expect(listed(res.body)).toHaveLength(3);
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.body).toContain('target="_blank"');
  });

  it('serves the logo from the file store as an image, nosniff; no logo is a 404', async () => {
    expect((await get('/careers/acme/logo')).statusCode).toBe(404);
    const store = fileStoreFor(t.config);
    const key = newStorageKey();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await store.put(key, Readable.from([png]));
    await t.db.update(careersSites).set({ logoKey: key, logoMediaType: 'image/png' });
    const res = await get('/careers/acme/logo');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(png)).toBe(true);
    expect((await get('/careers/acme')).body).toContain(
      '<img src="/careers/acme/logo" alt="acme organisation logo">',
    );
    await t.db.update(careersSites).set({ logoMediaType: 'image/svg+xml' });
    expect((await get('/careers/acme/logo')).statusCode).toBe(404);
    await t.db.update(careersSites).set({ logoKey: null, logoMediaType: null });
  });
});

describe('headers and limits', () => {
  it('sends a strict CSP of its own: no script, the inline style by its hash, no framing, no cookie', async () => {
    const res = await get('/careers/acme', { authorization: 'Bearer nonsense', cookie: 'a=b' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    const style = res.body.match(/<style>(.*?)<\/style>/s)?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    expect(csp).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    );
    expect(csp).not.toContain('script-src');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.body).not.toMatch(/<script(?! type="application\/ld\+json")/);
  });

  it('limits each client address, with a 429 page and Retry-After', async () => {
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof get>> | undefined;
    // A fixed window: two windows' worth at most, should the minute turn during the loop.
    for (let i = 0; i < 2 * RATE_LIMIT + 2 && !limited; i++) {
      const res = await t.app.inject({ url: '/careers/acme', remoteAddress: '203.0.113.7' });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) limited = res;
    }
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(limited?.headers['retry-after']).toMatch(/^\d+$/);
    expect(textOf(limited?.body ?? '')).toContain('Too many requests');
    const elsewhere = await t.app.inject({ url: '/careers/acme', remoteAddress: '203.0.113.8' });
    expect(elsewhere.statusCode).toBe(200);
  });
});
