import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobOffers } from '../../db/schema/index.ts';
import { jobOfferRequests, type Organisation } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';

// What an offer says in public (issue 23, decision 189): the posting fields and publishing, on POST and PATCH.
let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));

const { create, patch } = jobOfferRequests(() => t);
const stored = async (id: number) => (await t.db.select().from(jobOffers).where(eq(jobOffers.id, id)))[0];

describe('the posting of a job offer', () => {
  it('is written on create and read back, the description sanitised', async () => {
    const res = await create(org.alice.headers, {
      name: 'Backend developer',
      description: '<p>Join <strong>us</strong><script>alert(1)</script></p><img src="javascript:x">',
      city: '  Lyon ',
      country: 'fr',
      workplace: 'hybrid',
      contract_type: 'permanent',
      salary_min: 45000,
      salary_max: 55000,
      salary_currency: 'eur',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      description: '<p>Join <strong>us</strong></p>',
      city: 'Lyon',
      country: 'FR',
      workplace: 'hybrid',
      contract_type: 'permanent',
      salary_min: 45000,
      salary_max: 55000,
      salary_currency: 'EUR',
      published: false,
      public_slug: null,
      published_at: null,
    });
  });

  it('answers 400 with the field for a bad country, currency, range or description, and writes nothing', async () => {
    const offer = (await create(org.alice.headers, { name: 'Untouched' })).json();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ country: 'XX' }, 'body.job_offer.country', 'ISO 3166-1 alpha-2'],
      [{ country: 'France' }, 'body.job_offer.country', 'ISO 3166-1 alpha-2'],
      [{ salary_currency: 'EURO' }, 'body.job_offer.salary_currency', 'ISO 4217'],
      [
        { salary_min: 60000, salary_max: 50000, salary_currency: 'EUR' },
        'body.job_offer.salary_min',
        'salary_max',
      ],
      [{ salary_min: 1.5, salary_currency: 'EUR' }, 'body.job_offer.salary_min', 'whole number'],
      [{ workplace: 'moon' }, 'body.job_offer.workplace', ''],
      [{ contract_type: 'forever' }, 'body.job_offer.contract_type', ''],
      [{ description: 'x'.repeat(100_001) }, 'body.job_offer.description', 'at most 100000'],
    ];
    for (const [fields, path, message] of cases) {
      const res = await patch(org.alice.headers, offer.id, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().error).toBe('validation_error');
      expect(res.json().details).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ path, message: expect.stringContaining(message) }),
        ]),
      );
    }
    expect(await stored(offer.id)).toMatchObject({ country: null, salaryMin: null, salaryCurrency: null });
  });

  it('checks the range against the stored salary: a PATCH of the minimum alone cannot cross the maximum', async () => {
    const offer = (
      await create(org.alice.headers, {
        name: 'Paid',
        salary_min: 30000,
        salary_max: 40000,
        salary_currency: 'EUR',
      })
    ).json();
    const res = await patch(org.alice.headers, offer.id, { salary_min: 50000 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('salary_min must not be more than salary_max');
    expect((await stored(offer.id))?.salaryMin).toBe(30000);
    const noCurrency = await create(org.alice.headers, { name: 'No currency', salary_min: 1000 });
    expect(noCurrency.statusCode).toBe(400);
    expect(noCurrency.json().message).toContain('salary_currency is required with a salary');
  });

  it('publishing stamps the time and makes a slug from the name, unique in the licence, kept when unpublished', async () => {
    const first = (await create(org.alice.headers, { name: 'Développeuse Back-end (H/F)' })).json();
    const published = await patch(org.alice.headers, first.id, { published: true });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ published: true, public_slug: 'developpeuse-back-end-h-f' });
    expect(Date.parse(published.json().published_at)).toBeGreaterThan(Date.now() - 60_000);

    const twin = (
      await create(org.alice.headers, { name: 'Développeuse back-end H/F', published: true })
    ).json();
    expect(twin).toMatchObject({ published: true, public_slug: 'developpeuse-back-end-h-f-2' });
    // Another licence has its own slugs.
    const theirs = (
      await create(other.alice.headers, { name: 'Développeuse Back-end (H/F)', published: true })
    ).json();
    expect(theirs.public_slug).toBe('developpeuse-back-end-h-f');

    const unpublished = (
      await patch(org.alice.headers, first.id, { published: false, name: 'Renamed' })
    ).json();
    expect(unpublished).toMatchObject({ published: false, public_slug: 'developpeuse-back-end-h-f' });
    const again = (await patch(org.alice.headers, first.id, { published: true })).json();
    expect(again).toMatchObject({ published: true, public_slug: 'developpeuse-back-end-h-f' });
  });

  it('archiving unpublishes in the same change, and an archived offer cannot be published', async () => {
    const offer = (await create(org.alice.headers, { name: 'To archive', published: true })).json();
    expect(offer.published).toBe(true);
    const archived = (await patch(org.alice.headers, offer.id, { archived: true })).json();
    expect(archived).toMatchObject({ archived: true, published: false, public_slug: 'to-archive' });
    const stillArchived = (await patch(org.alice.headers, offer.id, { published: true })).json();
    expect(stillArchived).toMatchObject({ archived: true, published: false });
    const both = (await patch(org.alice.headers, offer.id, { archived: false, published: true })).json();
    expect(both).toMatchObject({ archived: false, published: true, public_slug: 'to-archive' });
  });

  it('is a right of whoever can change the offer: another user 403, another licence 404, nothing written', async () => {
    const offer = (await create(org.alice.headers, { name: 'Alice only' })).json();
    const byBob = await patch(org.bob.headers, offer.id, { published: true });
    expect(byBob.statusCode).toBe(403);
    const byStranger = await patch(other.admin.headers, offer.id, { published: true, city: 'Paris' });
    expect(byStranger.statusCode).toBe(404);
    expect(await stored(offer.id)).toMatchObject({ published: false, publicSlug: null, city: null });
    const byAdmin = await patch(org.admin.headers, offer.id, { published: true });
    expect(byAdmin.json().published).toBe(true);
  });
});
