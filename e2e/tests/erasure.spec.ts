import { asAdmin } from '../support/admin-api.ts';
import { candidateCard, createOfferThroughApi, importCandidates } from '../support/candidates.ts';
import { expect, signIn, test } from '../support/fixtures.ts';
import { unique } from '../support/job-offers.ts';

/** The licence's candidates whose search matches `text`: their ids. */
async function found(text: string): Promise<number[]> {
  const res = await asAdmin('GET', `/candidates/search?filters[search]=${encodeURIComponent(text)}`);
  return ((await res.json()) as { data: { id: number }[] }).data.map((c) => c.id);
}

/** Erasure (issue 24, decision 193): from the detail panel, confirmed by the name; in bulk from the search. */
test.describe('erasure', () => {
  test('an admin erases a candidate from the detail panel by typing the name', async ({ page }) => {
    test.slow();
    const tag = unique('').trim().replace(/\W+/g, '').toLowerCase();
    const last = `Erased${tag}`;
    const offerId = await createOfferThroughApi(unique('Erasure offer'));
    await importCandidates([['Ines', last, `ines${tag}@example.com`, '']]);
    const [candidateId] = await found(last);
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
      await page.goto(`/jobs/${offerId}?candidate=${candidateId}`);
      const panel = page.getByRole('region', { name: 'Candidate details' });
      await panel.getByRole('button', { name: 'Erase this candidate' }).click();
      const dialog = page.getByRole('dialog', { name: `Erase Ines ${last} for good` });
      await expect(dialog.getByText('This cannot be undone')).toBeVisible();
      const erase = dialog.getByRole('button', { name: 'Erase for good' });
      await expect(erase).toBeDisabled();
      await dialog.getByLabel('Full name').fill('Ines Somebody');
      await expect(erase).toBeDisabled();
      await dialog.getByLabel('Full name').fill(`ines ${last}`);
      await erase.click();
      await expect(page.getByText('The candidate was erased')).toBeVisible();
      await expect(dialog).toBeHidden();
      expect(await found(last)).toEqual([]);
      // The application stays, counted but unnamed: its row says "Erased candidate", and its panel says when
      // and offers nothing to edit.
      const apps = await asAdmin('GET', `/job_offers/${offerId}/job_applications`);
      expect(((await apps.json()) as { total_count: number }).total_count).toBe(1);
      await page.getByRole('button', { name: 'Erased candidate', exact: true }).click();
      await expect(panel.getByRole('heading', { name: 'Erased candidate' })).toBeVisible();
      await expect(panel.getByText(/This candidate was erased on/)).toBeVisible();
      await expect(panel.getByRole('button', { name: 'Edit' })).toHaveCount(0);
      await expect(panel.getByRole('button', { name: 'Erase this candidate' })).toHaveCount(0);
    } finally {
      await asAdmin('DELETE', `/job_offers/${offerId}`);
    }
  });

  test('an admin erases every candidate a search finds, typing their number, and sees the progress', async ({
    page,
  }) => {
    test.slow();
    const tag = unique('').trim().replace(/\W+/g, '').toLowerCase();
    const last = `Bulkgone${tag}`;
    await importCandidates([
      ['Ana', last, `ana${tag}@example.com`, ''],
      ['Ben', last, `ben${tag}@example.com`, ''],
      ['Cyd', last, `cyd${tag}@example.com`, ''],
    ]);
    await signIn(page);
    await page.goto(`/candidates?filters[search]=${last}`);
    await expect(candidateCard(page, `Ana ${last}`)).toBeVisible();
    await page.getByRole('button', { name: 'Erase…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase 3 candidate(s) for good' });
    await expect(dialog.getByText('all 3 candidate(s) the search finds')).toBeVisible();
    await dialog.getByLabel('Number of candidates').fill('2');
    await expect(dialog.getByRole('button', { name: 'Erase for good' })).toBeDisabled();
    await dialog.getByLabel('Number of candidates').fill('3');
    await dialog.getByRole('button', { name: 'Erase for good' }).click();
    await expect(page.getByText('3 candidate(s) erased')).toBeVisible();
    await expect(page.getByText('There is no candidate matching your criteria')).toBeVisible();
    expect(await found(last)).toEqual([]);
  });

  test('offers no bulk erasure without a selection or a search', async ({ page }) => {
    await signIn(page);
    await page.goto('/candidates');
    await expect(page.getByRole('button', { name: 'Select all' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Erase…' })).toHaveCount(0);
  });
});
