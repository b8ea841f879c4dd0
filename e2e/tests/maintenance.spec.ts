import { expect, runCli, signIn, test } from '../support/fixtures.ts';

test.describe('maintenance', () => {
  test.afterEach(async () => {
    await runCli('maintenance:clear');
  });

  test('maintenance:set shows the page with the end time; clear and Reload bring the app back', async ({
    page,
  }) => {
    await signIn(page);
    const start = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60_000);
    await runCli('maintenance:set', '--at', start.toISOString(), '--duration', '30');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Vivier is under maintenance' })).toBeVisible();
    const end = new Date(start.getTime() + 30 * 60_000);
    const expected = new Intl.DateTimeFormat('en', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
    }).format(end);
    // The browser's and Node's ICU may space "10:30 AM" differently (a narrow no-break space).
    const normalise = (text: string) => text.replace(/[\s\u202f\u00a0]+/g, ' ');
    const body = normalise((await page.getByText(/expect to be back around/).textContent()) ?? '');
    expect(body).toContain(normalise(expected));
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);

    await runCli('maintenance:clear');
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('heading', { name: 'Job offers' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  });
});
