import type { Page } from '@playwright/test';
import { expect, runCli, signIn, test } from '../support/fixtures.ts';
import { unique } from '../support/job-offers.ts';

const PASSWORD = 'credits-e2e-password';

/** A licence of its own with `credits` credits, so the counts on screen are this test's alone. */
async function licenceWithCredits(credits: number): Promise<string> {
  const email = `${unique('credits').replace(/\W/g, '').toLowerCase()}@credits.test`;
  const created = await runCli(
    'licence:create',
    '--name',
    unique('Credits'),
    '--credits',
    String(credits),
    '--plan',
    'on_demand',
    '--admin-email',
    email,
    '--admin-password',
    PASSWORD,
  );
  if (!/Created licence \d+/.test(created)) throw new Error(`licence:create said: ${created}`);
  return email;
}

async function openCandidates(page: Page, email: string) {
  await signIn(page, email, PASSWORD);
  await page.getByRole('link', { name: 'Candidates' }).click();
  await expect(page.getByRole('heading', { name: 'Candidates' })).toBeVisible();
}

test.describe('credits (SPEC section 9)', () => {
  test('creating a candidate takes one credit off the widget at once, without a reload', async ({ page }) => {
    const email = await licenceWithCredits(3);
    await openCandidates(page, email);
    const widget = page.getByRole('region', { name: 'Licence' });
    await expect(widget.getByText('3 credits left')).toBeVisible();

    await page.getByRole('button', { name: 'New candidate' }).click();
    const form = page.getByRole('form', { name: 'New candidate' });
    await form.getByLabel('First name').fill('Mary');
    await form.getByLabel('Last name').fill('Jackson');
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(form).toBeHidden();

    await expect(widget.getByText('2 credits left')).toBeVisible();
  });

  test('the New candidate form names the cost and the credits left', async ({ page }) => {
    const email = await licenceWithCredits(5);
    await openCandidates(page, email);
    await page.getByRole('button', { name: 'New candidate' }).click();
    const form = page.getByRole('form', { name: 'New candidate' });
    await expect(form.getByText('Creating this candidate uses 1 credit. Credits left: 5.')).toBeVisible();
  });

  test('the import mapping step counts the credits a file may take, and refuses a file beyond them', async ({
    page,
  }) => {
    const email = await licenceWithCredits(2);
    await openCandidates(page, email);
    const rows = ['Alice;alice@three.test', 'Bob;bob@three.test', 'Carol;carol@three.test'];
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import candidates from a CSV file' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'three.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['First name;Email', ...rows].join('\n')),
    });
    await expect(
      dialog.getByText(/^Uses up to 3 credit\(s\), one per row that creates a candidate/),
    ).toContainText('Credits left: 2.');
    await expect(
      dialog.getByText('Not enough credits: this file may need up to 3 and 2 are left.', { exact: false }),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();

    // Two rows fit: the import runs and spends them.
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'two.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['First name;Email', ...rows.slice(0, 2)].join('\n')),
    });
    await expect(dialog.getByText(/^Uses up to 2 credit\(s\)/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog.getByText('2 created')).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('region', { name: 'Licence' }).getByText('0 credits left')).toBeVisible();

    // At none left, both ways in are disabled and the screen says why.
    const why =
      'No credits left: each new or imported candidate uses one. Ask your administrator for more credits.';
    await expect(page.getByText(why)).toBeVisible();
    for (const name of ['New candidate', 'Import CSV']) {
      const button = page.getByRole('button', { name });
      await expect(button).toBeDisabled();
      await expect(button).toHaveAccessibleDescription(why);
    }
  });
});
