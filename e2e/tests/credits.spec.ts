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
});
