import type { BrowserContext, Page } from '@playwright/test';
import { ACCESS_TOKEN_TTL_S, e2eEnv } from '../support/e2e-env.ts';
import { expect, signIn, test } from '../support/fixtures.ts';

/** The refresh token saved under `state`, once saved: writes are throttled to one per 5 s (SPEC section 9). */
async function savedRefreshToken(page: Page): Promise<string> {
  const read = () =>
    page.evaluate(
      (): string | undefined => JSON.parse(localStorage.getItem('state') ?? '{}').state?.user?.token,
    );
  // The write comes up to 5 s after sign-in; 20 s is the suite's wait for the loaded CI machine (2 s of slack
  // once failed there).
  await expect.poll(read, { timeout: 20_000 }).toBeTruthy();
  return (await read()) ?? '';
}

/**
 * The browser's side of "the access token's lifetime went by", without waiting it out (decision 170). The server
 * dates its tokens by its own clock, which a test cannot move; the browser's clock it can (`clock.install()`
 * before the first page). So the browser's clock jumps past the token's expiry (`fastForward`: its timers fire as
 * if the time had passed), `act` runs (the tabs come back and must refresh), and the clock is put back in step
 * with the server's (`setSystemTime`), since the pair the server just issued is dated by the server's clock:
 * left ahead, the browser would think every new pair expired already.
 */
async function afterTokenLifetime(context: BrowserContext, act: () => Promise<void>) {
  await context.clock.fastForward((ACCESS_TOKEN_TTL_S + 1) * 1000);
  try {
    await act();
  } finally {
    await context.clock.setSystemTime(Date.now());
  }
}

/**
 * What two tabs' responses say of their session: every refresh's status, and the requests refused with 401 and
 * not answered since. The server may refuse a token a tab's clock called fresh: the access token lives 5 s here,
 * the app refreshes 2 s before its expiry, and a request sent then can reach a loaded CI machine's token check
 * after it (a run on 2026-12-04 saw one 3 s late; a run on 2026-12-05 five page loads at the other origin). The
 * app then refreshes and sends the request again (`jwtAfterExpired`); what must never happen is a refusal left
 * standing.
 */
function watchTabs(tabs: Page[]): { refreshes: number[]; unanswered: Map<string, number> } {
  const refreshes: number[] = [];
  const unanswered = new Map<string, number>();
  tabs.forEach((tab, index) => {
    tab.on('response', (response) => {
      const url = `tab ${index + 1}: ${response.url()}`;
      if (response.url().includes('/api/users/refresh/')) refreshes.push(response.status());
      else if (response.status() === 401) unanswered.set(url, (unanswered.get(url) ?? 0) + 1);
      else if (response.ok()) unanswered.delete(url);
    });
  });
  return { refreshes, unanswered };
}

test.describe('the session', () => {
  test('an expired access token is refreshed and the user stays signed in', async ({ context, page }) => {
    await context.clock.install();
    await signIn(page);
    const before = await savedRefreshToken(page);

    await afterTokenLifetime(context, async () => {
      const refresh = page.waitForResponse((response) => response.url().includes('/api/users/refresh/'));
      await page.reload();
      expect((await refresh).status()).toBe(200);
      await expect(page.getByRole('heading', { name: 'Job offers' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Licence' }).getByText(/credits left/)).toBeVisible();
    });

    // Both tokens were replaced, and the new pair survives a reload.
    await page.getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    expect(await savedRefreshToken(page)).not.toBe(before);
  });

  test('two tabs of one browser stay signed in across several refreshes', async ({ context, page }) => {
    // Three rounds of two tabs loading at once (no waiting: the browser's clock jumps), on a shared machine.
    test.setTimeout(150_000);
    await context.clock.install();
    await signIn(page);
    await savedRefreshToken(page);
    const second = await context.newPage();
    await second.goto('/jobs');
    await expect(second.getByRole('heading', { name: 'Job offers' })).toBeVisible();

    const { refreshes, unanswered } = watchTabs([page, second]);
    for (let round = 0; round < 3; round++) {
      // Both tabs need a new access token at the same moment, as two open tabs coming back to life do.
      await afterTokenLifetime(context, async () => {
        await Promise.all([page.reload(), second.reload()]);
        for (const tab of [page, second]) {
          await expect(tab.getByRole('heading', { name: 'Job offers' })).toBeVisible();
          await expect(tab.getByRole('region', { name: 'Licence' }).getByText(/credits left/)).toBeVisible();
        }
      });
    }
    await page.getByRole('link', { name: 'Users' }).click();
    await second.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    await expect(second.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
    expect(page.url()).not.toContain('/login');
    expect(second.url()).not.toContain('/login');
    // One tab refreshed each time and the other took the new pair: no refresh was refused, and every request
    // was answered in the end.
    expect(refreshes.length).toBeGreaterThanOrEqual(3);
    expect(refreshes.every((status) => status === 200)).toBe(true);
    await expect.poll(() => [...unanswered.keys()]).toEqual([]);
  });

  test('logout ends the session on the server: its refresh token no longer works', async ({ page }) => {
    await signIn(page);
    const token = await savedRefreshToken(page);
    const logout = page.waitForResponse((response) => response.url().includes('/api/users/logout'));
    await page.getByRole('link', { name: 'Logout' }).click();
    expect((await logout).status()).toBe(204);
    await expect(page).toHaveURL(/\/login$/);
    const refresh = await page.request.get(`/api/users/refresh/${token}`);
    expect(refresh.status()).toBe(401);
  });

  test('a session the server no longer accepts logs out', async ({ page }) => {
    await signIn(page);
    await savedRefreshToken(page);
    // The saved tokens are replaced as the next page starts, before the app reads them: the running app
    // refreshes and saves its own pair whenever it likes, and would undo an edit made while it runs.
    await page.addInitScript(() => {
      const saved = JSON.parse(localStorage.getItem('state') ?? '{}');
      if (!saved.state?.user) return;
      saved.state.user.jwt = 'forged.token.value';
      saved.state.user.token = 'forged-refresh';
      saved.state.user.claims.exp = Math.floor(Date.now() / 1000) + 3600;
      localStorage.setItem('state', JSON.stringify(saved));
    });
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
  });
});

/**
 * The same two tabs under a name that is not localhost, over plain http (a LAN address, a hosts entry): the
 * browser offers no Web Locks there, so the tabs cannot take turns; the server's reuse interval answers both
 * with one pair (issue 18 section 6, docs/decisions/137-refresh-reuse-interval.md). Chromium maps the name to
 * 127.0.0.1, where the test server listens.
 */
test.describe('two tabs at a non-localhost origin', () => {
  test('stay signed in across several refreshes without Web Locks', async ({ playwright }) => {
    // A browser of its own, then three rounds of two tabs loading at once, on a shared machine.
    test.setTimeout(150_000);
    const loopback = new URL(e2eEnv().baseURL);
    const origin = `http://vivier.test:${loopback.port}`;
    const browser = await playwright.chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP vivier.test 127.0.0.1'],
    });
    try {
      const context = await browser.newContext({ baseURL: origin, locale: 'en-US' });
      await context.clock.install();
      const page = await context.newPage();
      await signIn(page);
      expect(await page.evaluate(() => window.isSecureContext || 'locks' in navigator)).toBe(false);
      await savedRefreshToken(page);
      const second = await context.newPage();
      await second.goto('/jobs');
      await expect(second.getByRole('heading', { name: 'Job offers' })).toBeVisible();

      const { refreshes, unanswered } = watchTabs([page, second]);
      for (let round = 0; round < 3; round++) {
        await afterTokenLifetime(context, async () => {
          await Promise.all([page.reload(), second.reload()]);
          for (const tab of [page, second]) {
            await expect(tab.getByRole('heading', { name: 'Job offers' })).toBeVisible();
            await expect(
              tab.getByRole('region', { name: 'Licence' }).getByText(/credits left/),
            ).toBeVisible();
          }
        });
      }
      await page.getByRole('link', { name: 'Users' }).click();
      await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
      expect(page.url()).not.toContain('/login');
      expect(second.url()).not.toContain('/login');
      // Both tabs refreshed, each time, with no lock between them: no refresh was refused, and every request was
      // answered in the end.
      expect(refreshes.length).toBeGreaterThanOrEqual(3);
      expect(refreshes.every((status) => status === 200)).toBe(true);
      await expect.poll(() => [...unanswered.keys()]).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
