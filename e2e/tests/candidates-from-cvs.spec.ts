import { asAdmin } from '../support/admin-api.ts';
import { candidateCard } from '../support/candidates.ts';
import { expect, signIn, test } from '../support/fixtures.ts';

/** Letters only (a name's words are letters): a run's own mark, from the clock. */
const mark = () =>
  Date.now()
    .toString()
    .slice(-7)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? 'x');

const cv = (...lines: string[]) => Buffer.from(`${lines.join('\n')}\n`);

/**
 * Creating candidates from CVs (issue 22, decision 188): three CVs dropped on the candidates screen are read,
 * one is reported as a candidate already in Vivier (same phone), the person keeps it anyway, and the three
 * candidates are created and listed.
 */
test.describe('candidates from CVs', () => {
  test('drop three CVs to create three candidates with one duplicate reported', async ({ page }) => {
    test.slow();
    const m = mark();
    const phone = `+33 6 ${Date.now()
      .toString()
      .slice(-8)
      .replace(/(\d\d)(?=\d)/g, '$1 ')}`;
    const existing = await asAdmin('POST', '/candidates', {
      candidate: { first_name: 'Known', last_name: `Person${m}`, phones: [phone] },
    });
    expect(existing.status).toBe(201);
    const files = [
      {
        name: `ada-${m}.txt`,
        mimeType: 'text/plain',
        buffer: cv(`Ada Lovelace${m}`, `ada.${m}@example.com`),
      },
      {
        name: `grace-${m}.txt`,
        mimeType: 'text/plain',
        buffer: cv('Curriculum vitae', `Grace HOPPER${m}`, `grace.${m}@example.com`),
      },
      { name: `alan-${m}.txt`, mimeType: 'text/plain', buffer: cv(`Alan Turing${m}`, `Phone: ${phone}`) },
    ];

    await signIn(page);
    await page.goto('/candidates');
    await page.getByRole('button', { name: 'Create from CVs' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create candidates from CVs' });
    await expect(dialog.getByText('Drop up to 50 CVs here, or click to choose them')).toBeVisible();
    await dialog.locator('input[type="file"]').setInputFiles(files);

    // Read, then each CV's detected fields, editable; the one sharing a phone is reported and not selected.
    const ada = dialog.getByRole('listitem', { name: files[0]?.name });
    const grace = dialog.getByRole('listitem', { name: files[1]?.name });
    const alan = dialog.getByRole('listitem', { name: files[2]?.name });
    await expect(ada.getByLabel('First name')).toHaveValue('Ada');
    await expect(ada.getByLabel('Last name')).toHaveValue(`Lovelace${m}`);
    await expect(ada.getByLabel('Emails (separated by commas)')).toHaveValue(`ada.${m}@example.com`);
    await expect(grace.getByLabel('First name')).toHaveValue('Grace');
    await expect(grace.getByLabel('Last name')).toHaveValue(`HOPPER${m}`);
    await expect(alan.getByLabel('Phones (separated by commas)')).toHaveValue(phone);
    await expect(alan.getByText(`Already in Vivier: Known Person${m} (${phone})`)).toBeVisible();
    await expect(ada.getByRole('checkbox')).toBeChecked();
    await expect(alan.getByRole('checkbox')).not.toBeChecked();
    await expect(dialog.getByRole('button', { name: 'Create 2 candidates' })).toBeEnabled();

    // The person corrects a name and keeps the reported one too: three are created.
    await grace.getByLabel('Last name').fill(`Hopper${m}`);
    await alan.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Create 3 candidates' }).click();
    await expect(page.getByText('3 candidates created')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    await page.getByRole('searchbox').fill(m);
    await expect(candidateCard(page, `Ada Lovelace${m}`)).toBeVisible();
    await expect(candidateCard(page, `Grace Hopper${m}`)).toBeVisible();
    await expect(candidateCard(page, `Alan Turing${m}`)).toBeVisible();
    await expect(candidateCard(page, `Known Person${m}`)).toBeVisible();
  });
});
