import { asAdmin } from '../support/admin-api.ts';
import { createOfferThroughApi, importCandidates } from '../support/candidates.ts';
import { expect, signIn, test } from '../support/fixtures.ts';
import { unique } from '../support/job-offers.ts';

type SearchPage = { data: { id: number; full_name: string }[]; total_count: number };

/** "Search in CVs" (issue 22, decision 185): a word only a CV holds finds its candidate, the sentence shown. */
test.describe('search in CVs', () => {
  test('finds a candidate by a word only its CV contains, and shows the matching sentence', async ({
    page,
  }) => {
    test.slow();
    const tag = unique('').trim().replace(/\W+/g, '').toLowerCase();
    const last = `Cvsearch${tag}`;
    // A made-up skill: in no name, title or contact, so only the CV can match it.
    const skill = `zephyrlang${tag}`;
    const cv = Buffer.from(
      `Grace ${last}\n\nExperience\nBuilt the ${skill} compiler for a shipping company.\nLed a team of four.\n`,
    );

    const offerId = await createOfferThroughApi(unique('CV search offer'));
    await importCandidates([['Grace', last, `grace${tag}@example.com`, '']]);
    const found = await asAdmin('GET', `/candidates/search?filters[search]=${last}`);
    const candidateId = ((await found.json()) as SearchPage).data[0]?.id;
    expect(candidateId).toBeTruthy();
    const statuses = (await (await asAdmin('GET', '/statuses')).json()) as { data: { id: number }[] };
    const applied = await asAdmin('POST', '/job_applications/bulk_create', {
      job_offer_id: offerId,
      status_id: statuses.data[0]?.id,
      candidates_ids: [candidateId],
    });
    expect(applied.status).toBe(201);

    try {
      await signIn(page);
      // The CV dropped on the candidate's panel, as a recruiter adds one.
      await page.goto(`/jobs/${offerId}?candidate=${candidateId}`);
      const files = page
        .getByRole('region', { name: 'Candidate details' })
        .getByRole('region', { name: 'Files' });
      await files.locator('input[type="file"]').setInputFiles({
        name: `grace-${tag}.txt`,
        mimeType: 'text/plain',
        buffer: cv,
      });
      await expect(
        files.getByRole('button', { name: `Download grace-${tag}.txt`, exact: true }),
      ).toBeVisible();
      // Its text is read off the request, by a queued job: the search finds it once read.
      await expect(async () => {
        const res = await asAdmin('GET', `/candidates/search?filters[search]=${skill}&filters[in_cvs]=true`);
        expect(((await res.json()) as SearchPage).total_count).toBe(1);
      }).toPass({ timeout: 30_000 });

      await page.goto('/candidates');
      const search = page.getByRole('searchbox');
      await search.fill(skill);
      await expect(page.getByText('There is no candidate matching your criteria')).toBeVisible();
      const inCvs = page.getByRole('switch', { name: 'Search in CVs' });
      await inCvs.click();
      await expect(inCvs).toBeChecked();
      const card = page.getByRole('article', { name: `Grace ${last}` });
      await expect(card).toBeVisible();
      await expect(card.getByText(`In grace-${tag}.txt:`)).toBeVisible();
      await expect(card.locator('mark')).toHaveText(skill);
      await expect(card).toContainText(`Built the ${skill} compiler for a shipping company`);
      await expect(page.getByText('1 candidate(s)')).toBeVisible();
      // The choice is in the address: a reload searches the CVs again.
      await page.reload();
      await expect(page.getByRole('switch', { name: 'Search in CVs' })).toBeChecked();
      await expect(page.getByRole('article', { name: `Grace ${last}` })).toBeVisible();

      // In French.
      await page.getByLabel('Language').selectOption('fr');
      await expect(page.getByRole('switch', { name: 'Rechercher dans les CV' })).toBeChecked();
      await expect(page.getByText(`Dans grace-${tag}.txt :`)).toBeVisible();
    } finally {
      await asAdmin('DELETE', `/job_offers/${offerId}`);
    }
  });
});
