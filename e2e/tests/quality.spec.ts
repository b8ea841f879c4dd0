import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { Page, Response } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures.ts';
import { card, createOffer, unique } from '../support/job-offers.ts';

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

test.describe('accessibility (axe)', () => {
  test('the login screen has no serious or critical violation', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/login#forgot');
    await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the layout has no serious or critical violation', async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('region', { name: 'Licence' }).getByText(/credits left/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('Content Security Policy', () => {
  /** Records every violation the page reports, beside the console messages the fixture reads. */
  async function recordViolations(page: Page) {
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { cspViolationEvents: seen });
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective}: ${event.blockedURI || event.sample}`),
      );
    });
    return () =>
      page.evaluate(() => (window as unknown as { cspViolationEvents?: string[] }).cspViolationEvents ?? []);
  }

  test('the login screen and the layout load with zero CSP violations', async ({ page, cspViolations }) => {
    const response = await page.goto('/login');
    expect(response?.headers()['content-security-policy']).toContain("'nonce-");
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await signIn(page);
    await page.getByRole('button', { name: 'Sign in with Google' }).count();
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
    expect(cspViolations).toEqual([]);
  });

  // Mantine's modal locks the page's scroll with a style element of its own, the form's comboboxes and the
  // menu float in portals: each needs the request's nonce (DESIGN section 2). No screen holds the rich-text
  // editor yet (Settings and the email template modal are still to be built); the screen that first does
  // gets the same check.
  test('the job offers screen with its form, a menu and a modal open has zero CSP violations', async ({
    page,
    cspViolations,
  }) => {
    const violationEvents = await recordViolations(page);
    await signIn(page);
    const name = unique('CSP');
    await createOffer(page, name, { company: unique('CSP company'), tag: unique('csp') });
    await card(page, name)
      .getByRole('button', { name: `More actions for ${name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${name}` });
    await expect(dialog.getByText('Are you sure?')).toBeVisible();
    expect(cspViolations).toEqual([]);
    expect(await violationEvents()).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  });
});

test.describe('bundle budget', () => {
  /** DESIGN section 6, in bytes (kB as Vite prints them); apps/web/initial-js.ts reports the same at build. */
  const BUDGET = 250_000;

  /**
   * Gzipped size of every script the page fetches until the network is quiet: the entry, the chunks it
   * preloads, the route's chunk and whatever that imports, as the browser really asks for them. The bodies
   * are read once the page is quiet, so none is missed.
   */
  async function initialJs(page: Page, load: () => Promise<void>): Promise<number> {
    const scripts: Response[] = [];
    const onResponse = (response: Response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    };
    page.on('response', onResponse);
    await load();
    await page.waitForLoadState('networkidle');
    page.off('response', onResponse);
    const sizes = new Map<string, number>();
    for (const response of scripts) sizes.set(response.url(), gzipSync(await response.body()).length);
    return [...sizes.values()].reduce((sum, size) => sum + size, 0);
  }

  test('the login screen, the job offers index and a deep link to the candidate database each load under 250 kB of gzipped JavaScript (DESIGN section 6)', async ({
    page,
  }, testInfo) => {
    const login = await initialJs(page, async () => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    });
    await signIn(page);
    // A signed-in visit starts at / and lands on the job offers index.
    const jobs = await initialJs(page, async () => {
      await page.goto('/');
      await expect(page.getByRole('region', { name: 'Licence' }).getByText(/credits left/)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Job offers' })).toBeVisible();
    });
    // A deep link to the candidate database (docs/decisions/122, within the budget since 217).
    const candidates = await initialJs(page, async () => {
      await page.goto('/candidates');
      await expect(page.getByRole('heading', { name: 'Candidates' })).toBeVisible();
    });
    const report = `login ${login} B, jobs ${jobs} B, candidates ${candidates} B (budget ${BUDGET} B)`;
    testInfo.annotations.push({ type: 'initial JS (gzip)', description: report });
    console.log(`initial JS (gzip): ${report}`);
    expect(login).toBeGreaterThan(10_000);
    expect(login).toBeLessThan(BUDGET);
    expect(jobs).toBeGreaterThan(10_000);
    expect(jobs).toBeLessThan(BUDGET);
    expect(candidates).toBeGreaterThan(10_000);
    expect(candidates).toBeLessThan(BUDGET);
  });
});
