import { createJobOfferAsAdmin } from '../support/admin-api.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/e2e-env.ts';
import { expect, test } from '../support/fixtures.ts';
import { unique } from '../support/job-offers.ts';

/**
 * Issue 18 section 1: the server answers under several names (127.0.0.1, localhost, a LAN address, a proxy).
 * Whichever one a person opens, the app's calls go to that page's own origin, so its CSP (connect-src 'self')
 * lets them through and the data screens fill after a reload.
 */
test.describe('the app opened under either loopback name', () => {
  const offer = unique('Origin check');
  test.beforeAll(() => createJobOfferAsAdmin(offer));

  for (const name of ['127.0.0.1', 'localhost']) {
    test(`signs in at ${name}, reloads and lists the job offers`, async ({
      page,
      baseURL,
      cspViolations,
    }) => {
      const origin = new URL(baseURL ?? '');
      origin.hostname = name;
      await page.goto(`${origin.origin}/login`);
      await page.getByLabel('Email').fill(ADMIN_EMAIL);
      await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByRole('heading', { name: 'Job offers' })).toBeVisible();
      await page.reload();
      expect(new URL(page.url()).hostname).toBe(name);
      await expect(page.getByRole('heading', { name: 'Job offers' })).toBeVisible();
      await expect(page.getByRole('article', { name: offer, exact: true })).toBeVisible();
      expect(cspViolations).toEqual([]);
    });
  }
});
