import { expect, signIn, test } from '../support/fixtures.ts';
import { card, createOffer, createUser, unique } from '../support/job-offers.ts';

test.describe('Mine vs All', () => {
  const email = `recruiter-${Date.now().toString(36)}@vivier.test`;
  const password = 'a-recruiter-password';

  test.beforeAll(async () => {
    await createUser(email, password, 'Rita', 'Recruiter');
  });

  test('each user sees every offer under All and only their own under Mine', async ({ page }) => {
    const adminOffer = unique('Admin offer');
    const recruiterOffer = unique('Recruiter offer');

    await signIn(page);
    await createOffer(page, adminOffer);
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/login$/);

    await signIn(page, email, password);
    await createOffer(page, recruiterOffer);
    await expect(card(page, recruiterOffer).getByRole('img', { name: 'Rita Recruiter' })).toBeVisible();
    // Visibility is transparent by default: All shows the admin's offer too.
    await expect(page.getByRole('radio', { name: 'All' })).toBeChecked();
    await expect(card(page, adminOffer)).toBeVisible();

    await page.getByText('Mine', { exact: true }).click();
    await expect(page).toHaveURL(/owner(\]|%5D)=mine/);
    await expect(card(page, recruiterOffer)).toBeVisible();
    await expect(card(page, adminOffer)).toHaveCount(0);

    // The filter is in the address: a reload keeps it.
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Mine' })).toBeChecked();
    await expect(card(page, adminOffer)).toHaveCount(0);
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/login$/);

    await signIn(page);
    await page.goto('/jobs?filters[owner]=mine');
    await expect(card(page, adminOffer)).toBeVisible();
    await expect(card(page, recruiterOffer)).toHaveCount(0);
    await page.getByText('All', { exact: true }).click();
    await expect(card(page, recruiterOffer)).toBeVisible();
  });
});
