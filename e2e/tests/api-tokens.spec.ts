import { e2eEnv } from '../support/e2e-env.ts';
import { expect, signIn, test } from '../support/fixtures.ts';
import { unique } from '../support/job-offers.ts';
import { openSettingsSection } from '../support/settings.ts';

/** A call of the API as a program would make it, with an API token. */
const withToken = (token: string, path: string, init: RequestInit = {}) =>
  fetch(`${e2eEnv().baseURL}/api${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...init.headers },
  });

/** API tokens (issue 25, decision 198): made in Settings, used by a program, revoked. */
test.describe('API tokens', () => {
  test('an admin creates a token, a program reads with it within its scope, and the admin revokes it', async ({
    page,
  }) => {
    const name = unique('Payroll sync');
    await signIn(page);
    await page.getByRole('link', { name: 'Settings' }).click();
    await openSettingsSection(page, 'API tokens');

    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('checkbox', { name: 'Job offers: Read' }).check();
    await page.getByRole('button', { name: 'Create token' }).click();
    await expect(page.getByText('Copy this token now: it will not be shown again.')).toBeVisible();
    const token = (await page.getByLabel('Token', { exact: true }).innerText()).trim();
    expect(token).toMatch(/^viv_[\w-]{43}$/);

    // A program reads the job offers with it, and may not create one.
    const read = await withToken(token, '/job_offers');
    expect(read.status).toBe(200);
    expect(read.headers.get('ratelimit-limit')).toBe('600');
    const write = await withToken(token, '/job_offers', {
      method: 'POST',
      body: JSON.stringify({ job_offer: { name: 'From a program' } }),
    });
    expect(write.status).toBe(403);
    expect(await write.json()).toMatchObject({ error: 'missing_scope' });

    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText(token)).toHaveCount(0);
    const list = page.getByRole('table', { name: 'API tokens of the licence' });
    const row = list.getByRole('row').filter({ hasText: name });
    await expect(row.getByText(`${token.slice(0, 12)}…`)).toBeVisible();
    await page.reload();
    await page.getByRole('button', { name: 'API tokens' }).click();
    // Its last use is shown once the list is read again.
    await expect(row.getByText('Never used')).toHaveCount(0);

    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    await page.getByRole('button', { name: 'Ok', exact: true }).click();
    await expect(row.getByText(/^Revoked on /)).toBeVisible();
    expect((await withToken(token, '/job_offers')).status).toBe(401);
  });
});
