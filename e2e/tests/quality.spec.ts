import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { Page, Response } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures.ts';

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
  test('the login screen and the layout load with zero CSP violations', async ({ page, cspViolations }) => {
    const response = await page.goto('/login');
    expect(response?.headers()['content-security-policy']).toContain("'nonce-");
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await signIn(page);
    await page.getByRole('button', { name: 'Sign in with Google' }).count();
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
    expect(cspViolations).toEqual([]);
  });
});

test.describe('bundle budget', () => {
  /** Gzipped size of every script the page loads until the network is quiet. */
  async function initialJs(page: Page, load: () => Promise<void>): Promise<number> {
    const sizes = new Map<string, number>();
    const onResponse = async (response: Response) => {
      if (response.request().resourceType() === 'script')
        sizes.set(response.url(), gzipSync(await response.body()).length);
    };
    page.on('response', onResponse);
    await load();
    await page.waitForLoadState('networkidle');
    page.off('response', onResponse);
    return [...sizes.values()].reduce((sum, size) => sum + size, 0);
  }

  test('the login screen and the layout each load under 250 kB of gzipped JavaScript (DESIGN section 6)', async ({
    page,
  }, testInfo) => {
    const login = await initialJs(page, async () => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    });
    await signIn(page);
    const layout = await initialJs(page, async () => {
      await page.reload();
      await expect(page.getByRole('region', { name: 'Licence' }).getByText(/credits left/)).toBeVisible();
    });
    testInfo.annotations.push({
      type: 'initial JS (gzip)',
      description: `login ${login} B, layout ${layout} B`,
    });
    expect(login).toBeGreaterThan(10_000);
    expect(login).toBeLessThan(250 * 1024);
    expect(layout).toBeGreaterThan(10_000);
    expect(layout).toBeLessThan(250 * 1024);
  });
});
