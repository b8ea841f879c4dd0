import type { Page } from '@playwright/test';
import { ACCESS_TOKEN_TTL_S } from '../support/e2e-env.ts';
import { expect, signIn, test } from '../support/fixtures.ts';

/** The refresh token saved under `state`, once saved: writes are throttled to one per 5 s (SPEC section 9). */
async function savedRefreshToken(page: Page): Promise<string> {
  const read = () =>
    page.evaluate(
      (): string | undefined => JSON.parse(localStorage.getItem('state') ?? '{}').state?.user?.token,
    );
  await expect.poll(read, { timeout: 7_000 }).toBeTruthy();
  return (await read()) ?? '';
}

test.describe('the session', () => {
  test('an expired access token is refreshed and the user stays signed in', async ({ page }) => {
    await signIn(page);
    const before = await savedRefreshToken(page);

    await page.waitForTimeout((ACCESS_TOKEN_TTL_S + 1) * 1000);
    const refresh = page.waitForResponse((response) => response.url().includes('/api/users/refresh/'));
    await page.reload();
    expect((await refresh).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Job offers' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Licence' }).getByText(/credits left/)).toBeVisible();

    // Both tokens were replaced, and the new pair survives a reload.
    await page.getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    expect(await savedRefreshToken(page)).not.toBe(before);
  });

  test('a session the server no longer accepts logs out', async ({ page }) => {
    await signIn(page);
    await savedRefreshToken(page);
    await page.evaluate(() => {
      const saved = JSON.parse(localStorage.getItem('state') ?? '{}');
      saved.state.user.jwt = 'forged.token.value';
      saved.state.user.token = 'forged-refresh';
      saved.state.user.claims.exp = Math.floor(Date.now() / 1000) + 3600;
      localStorage.setItem('state', JSON.stringify(saved));
    });
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
  });
});
