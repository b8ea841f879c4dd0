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

  for (const provider of ['Google', 'Microsoft']) {
    test(`'Sign in with ${provider}': the provider's page, then Vivier, signed in`, async ({ page }) => {
      await page.goto('/login');
      await page.getByRole('button', { name: `Sign in with ${provider}` }).click();
      // The local provider's own sign-in page, on another origin.
      await expect(
        page.getByRole('heading', { name: `Sign in with your ${provider} account` }),
      ).toBeVisible();
      expect(new URL(page.url()).pathname).toMatch(/\/authorize$/);
      await page.getByLabel('Email').fill(ADMIN_EMAIL);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL(/\/jobs$/);
      await expect(page.getByRole('heading', { name: 'Job offers' })).toBeVisible();
      await expect
        .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('state') ?? '{}').state?.user?.email))
        .toBe(ADMIN_EMAIL);
      // The session holds like a password login's: a reload keeps the person signed in.
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Job offers' })).toBeVisible();
    });
  }

  test('an email without a Vivier account lands on the login screen, which says why', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in with your Google account' })).toBeVisible();
    await page.getByLabel('Email').fill('stranger@nowhere.test');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    // Issue 19 item 8: what happened and what to do, not a silent return.
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Sign-in with Google did not work');
    await expect(alert).toContainText(
      'No Vivier account matches the address Google gave. Ask your administrator to create one for you.',
    );
    await page.goto('/jobs');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('cancelling at the provider lands on the login screen', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in with your Microsoft account' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(
      'Microsoft refused the sign-in or could not be reached. Please try again, or sign in with your password.',
    );
  });

  test("a callback link from someone else's sign-in does not sign this browser in", async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    // Someone signs in with their own account, but keeps the provider's answer instead of following it.
    const other = await browser.newContext({ baseURL });
    const otherPage = await other.newPage();
    let answer = '';
    // The provider's page answers the email with a redirect to Vivier's callback: keep its address instead.
    await otherPage.route(
      (url) => url.pathname.endsWith('/authorize'),
      async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        const response = await route.fetch({ maxRedirects: 0 });
        answer = response.headers().location ?? '';
        return route.abort();
      },
    );
    await otherPage.goto('/login');
    await otherPage.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect(otherPage.getByRole('heading', { name: 'Sign in with your Google account' })).toBeVisible();
    await otherPage.getByLabel('Email').fill(ADMIN_EMAIL);
    await otherPage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => answer).toContain('code=');
    await other.close();

    // Opened here (a link in a mail, a hidden frame), it lands on the login screen, not signed in.
    await page.goto(answer);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('state') ?? '{}').state?.user ?? null))
      .toBeNull();
    // The answer itself was genuine: only the tab that started the sign-in may complete it.
    const completed = await request.get(`/api/oauth/google/callback${new URL(answer).search}`);
    expect(completed.status()).toBe(200);
  });
});
