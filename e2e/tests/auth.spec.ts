import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/e2e-env.ts';
import { expect, outbox, resetLinkFor, resetPasswordThroughApi, signIn, test } from '../support/fixtures.ts';

test.describe('signing in and out', () => {
  // Whatever a failed test left behind, the other tests sign in with the suite's password.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a hook's fixtures from this pattern.
  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus)
      await resetPasswordThroughApi(ADMIN_EMAIL, ADMIN_PASSWORD);
  });

  test('a visitor is sent to the login screen, and a good login lands on /jobs', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/jobs$/);
    await expect(page.getByRole('heading', { name: 'Job offers' })).toBeVisible();
  });

  test('a wrong password stays on the login screen with the message', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Failed to log in, please check your email and password',
    );
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });

  test('#forgot opens the recovery request, Submit confirms, Go back returns', async ({ page }) => {
    await page.goto('/login#forgot');
    await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
    await page.getByLabel('Email').fill('nobody@vivier.test');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(
      page.getByText('An email has been sent to you with a link to reset your password.'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Go back' }).click();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  });

  test('the reset link from the outbox sets a new password that then works', async ({ page }) => {
    const newPassword = 'a-brand-new-password';
    const reset = async (password: string) => {
      const known = new Set(outbox().map((mail) => mail.file));
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot your password' }).click();
      await page.getByLabel('Email').fill(ADMIN_EMAIL);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByText(/An email has been sent/)).toBeVisible();
      const link = await resetLinkFor(ADMIN_EMAIL, known);
      await page.goto(link);
      await expect(page.getByLabel('Email')).toHaveCount(0);
      await page.getByLabel('New password').fill(password);
      await page.getByRole('button', { name: 'Reset' }).click();
      await expect(page.getByText('Your password has been successfully changed')).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
      return link;
    };

    const used = await reset(newPassword);
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Failed to log in, please check your email and password',
    );
    await signIn(page, ADMIN_EMAIL, newPassword);

    // A used link is refused with the spec's message.
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto(used);
    await page.getByLabel('New password').fill('yet-another-password');
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Your recovery link has expired, please request a new one',
    );

    // The whole flow again, back to the suite's password.
    await reset(ADMIN_PASSWORD);
    await signIn(page);
  });

  test('logout returns to /login and protected URLs redirect there', async ({ page }) => {
    await signIn(page);
    await page.getByRole('link', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('state'))).toBeNull();
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/jobs/3/export');
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a social button says when the provider's address cannot be fetched", async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect(page.getByText('Cannot fetch Google authentication URL')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the sign-in completion screen always ends on /', async ({ page }) => {
    await page.goto('/oauth/google/callback?code=bogus&state=bogus');
    await expect(page).toHaveURL(/\/login$/);
  });
});
