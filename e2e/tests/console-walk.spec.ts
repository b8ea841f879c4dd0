import type { Page } from '@playwright/test';
import { type SeededOrganisation, seededOrganisation } from '../support/copy-export.ts';
import { expect, signIn, test } from '../support/fixtures.ts';
import { openSettingsSection } from '../support/settings.ts';

/**
 * A walk through every screen must leave the console clean: no error logged, no uncaught exception, no request
 * answered with an error status nor failed. SPEC section 8's silent failures (console only) are failures, and
 * none happens on this walk. Excepted, each with its reason:
 */
const EXCEPTED: { what: RegExp; why: string }[] = [
  {
    what: /https:\/\/www\.gravatar\.com\/avatar\//,
    why:
      "SPEC section 2's user avatar chip asks a public avatar service and shows initials when it fails: the " +
      'service answers 404 for an address without a picture (`d=404`), and a machine without internet (as ' +
      'here) cannot reach it. The browser logs each as a failed resource.',
  },
];

/** SPEC section 7: the client gives up on an answer after 5 s. */
const CLIENT_TIMEOUT_MS = 5_000;

function watch(page: Page): string[] {
  const problems: string[] = [];
  const add = (problem: string) => {
    if (!EXCEPTED.some((item) => item.what.test(problem))) problems.push(problem);
  };
  page.on('console', (message) => {
    if (message.type() === 'error') add(`console error: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => add(`uncaught: ${error.message}`));
  // A request the page dropped because it went elsewhere (a full page load, or a screen that unmounted and
  // cancelled its query) fails with ERR_ABORTED at once; the client's own 5 s timeout (SPEC section 7) also aborts,
  // but only after 5 s, and that is a failure.
  const sentAt = new Map<unknown, number>();
  page.on('request', (request) => sentAt.set(request, Date.now()));
  page.on('requestfailed', (request) => {
    const cancelled =
      request.failure()?.errorText === 'net::ERR_ABORTED' &&
      Date.now() - (sentAt.get(request) ?? 0) < CLIENT_TIMEOUT_MS;
    if (!cancelled) add(`failed: ${request.method()} ${request.url()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400)
      add(`${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  return problems;
}

/**
 * The page's API traffic: `quiet()` is true once no request has been on its way for half a second. A moment
 * with none is not enough: a screen shown from the cache sends its refresh a little after it paints.
 */
function apiTraffic(page: Page) {
  const pending = new Set<unknown>();
  let lastChange = Date.now();
  page.on('request', (request) => {
    if (!request.url().includes('/api/')) return;
    pending.add(request);
    lastChange = Date.now();
  });
  const done = (request: unknown) => {
    if (pending.delete(request)) lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return { quiet: () => pending.size === 0 && Date.now() - lastChange > 500 };
}

let org: SeededOrganisation;
test.beforeAll(async () => {
  org = await seededOrganisation(20);
});

test('a walk through every screen logs no console error and no failed request', async ({ page }) => {
  test.slow();
  const problems = watch(page);
  await signIn(page, org.email, org.password);
  const menu = page.getByRole('navigation', { name: 'Main menu' });

  // A job offer, its pipeline, its copy and export screens.
  const name = 'Senior backend developer';
  // The next screens are opened by address (a page load): the offer's list must have arrived first, or the
  // load cancels it and the browser reports the cancelled request as failed.
  const applications = page.waitForResponse(
    (response) => /\/job_offers\/\d+\/job_applications\?/.test(response.url()) && response.ok(),
  );
  await page.getByRole('article', { name }).getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/jobs\/\d+$/);
  await applications;
  const offerUrl = page.url();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.goto(`${offerUrl}/copy`);
  await expect(page.getByRole('heading', { name: 'Copy candidates into another job offer' })).toBeVisible();
  await expect(page.getByRole('checkbox').first()).toBeVisible();
  await page.goto(`${offerUrl}/export`);
  await expect(page.getByRole('heading', { name: 'Export candidates' })).toBeVisible();
  await expect(page.getByRole('checkbox').first()).toBeVisible();

  await menu.getByRole('link', { name: 'Candidates' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Candidates' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();

  // Reports (issue 26): the funnel of every offer, then as a table.
  await menu.getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Funnel', selected: true })).toBeVisible();
  await expect(
    page.getByText(/applications received in the period|No application was received in these offers/),
  ).toBeVisible();
  await page.getByText('Table', { exact: true }).click();
  await expect(page).toHaveURL(/view=table/);

  await menu.getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByText(/^\d+ user\(s\)$/)).toBeVisible();

  await menu.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Export format' })).toBeVisible();
  for (const section of ['Global settings', 'Tag management']) {
    await openSettingsSection(page, section);
  }
  await page.waitForLoadState('networkidle');

  // The offers and the company filter's list must have arrived before logging out: logout clears the cache,
  // which cancels a request still on its way, and the browser reports a cancelled request as failed.
  const traffic = apiTraffic(page);
  await menu.getByRole('link', { name: 'Job offers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Job offers' })).toBeVisible();
  await expect(page.getByRole('article', { name })).toBeVisible();
  await expect.poll(traffic.quiet, { message: 'requests still on their way' }).toBe(true);
  await menu.getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.waitForLoadState('networkidle');

  expect(problems).toEqual([]);
});
