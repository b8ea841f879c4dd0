import { createUserAsAdmin } from '../support/admin-api.ts';
import { expect, runCli, test } from '../support/fixtures.ts';

/**
 * One address, several organisations (issue 18 section 4, docs/decisions/136-accounts-per-licence.md), and a
 * refused provider sign-in that says why (issue 19 item 8).
 */
test.describe('accounts', () => {
  test('an address with one password in two organisations asks which, and enters the chosen one', async ({
    page,
  }) => {
    for (const [name, credits] of [
      ['Globex', '10'],
      ['Initech', '20'],
    ] as const) {
      await runCli(
        'licence:create',
        '--name',
        name,
        '--credits',
        credits,
        '--plan',
        'on_demand',
        '--admin-email',
        'twice@orgs.test',
        '--admin-password',
        'two-orgs-password',
      );
    }
    await page.goto('/login');
    await page.getByLabel('Email').fill('twice@orgs.test');
    await page.getByLabel('Password', { exact: true }).fill('two-orgs-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(
      page.getByText('Your address has an account in several organisations: choose the one to sign in to'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Globex' })).toBeVisible();
    await page.getByRole('button', { name: 'Initech' }).click();
    await expect(page.getByRole('heading', { name: 'Job offers' })).toBeVisible();
    // Initech's 20 credits, not Globex's 10: the chosen organisation was entered.
    await expect(page.getByRole('region', { name: 'Licence' }).getByText(/20 credits left/)).toBeVisible();
  });

  test('Google sign-in with an address an admin added but nobody confirmed says so', async ({ page }) => {
    await createUserAsAdmin('unconfirmed@vivier.test', 'an admin password');
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in with your Google account' })).toBeVisible();
    await page.getByLabel('Email').fill('unconfirmed@vivier.test');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Sign-in with Google did not work');
    await expect(alert).toContainText(
      'Your address is not confirmed yet. We have mailed you a link: open it, then sign in again.',
    );
  });
});
