import { callAs } from '../support/admin-api.ts';
import { expect, outbox, runCli, signIn, test } from '../support/fixtures.ts';
import { unique } from '../support/job-offers.ts';
import { openSettingsSection } from '../support/settings.ts';

/**
 * Retention (issue 24, decision 195) in a browser: the admin's 'Data retention' panel with the candidates due
 * and an exclusion, and the page a candidate's notice links to. Each test has a licence of its own, filled with
 * the demo data (candidates added over six years), so the other tests' licence is left alone.
 */
async function retentionOrganisation() {
  const name = unique('Retention');
  const email = `${name.replace(/\W+/g, '-').toLowerCase()}@retention.test`;
  const password = 'retention-password';
  const created = await runCli(
    ...['licence:create', '--name', name, '--credits', '100', '--plan', 'demo'],
    ...['--admin-email', email, '--admin-password', password],
  );
  const licenceId = Number(created.match(/Created licence (\d+)/)?.[1]);
  if (!licenceId) throw new Error(`licence:create said: ${created}`);
  await runCli('seed', '--licence', String(licenceId), '--candidates', '30');
  return { name, email, password };
}

test.describe('data retention (issue 24)', () => {
  test('the admin sets retention, sees the candidates due with their dates, and keeps one with a reason', async ({
    page,
  }) => {
    test.slow();
    const org = await retentionOrganisation();
    await signIn(page, org.email, org.password);
    await page.getByRole('link', { name: 'Settings' }).click();
    await openSettingsSection(page, 'Data retention');

    const months = page.getByRole('combobox', { name: 'Months without activity' });
    await expect(months).toHaveValue('24 months');
    const shortened = page.waitForResponse(
      (response) => /\/api\/settings\/\d+$/.test(response.url()) && response.request().method() === 'PATCH',
    );
    await months.click();
    await page.getByRole('option', { name: '12 months', exact: true }).click();
    expect((await shortened).ok()).toBe(true);
    await expect(months).toHaveValue('12 months');
    const action = page.getByRole('radiogroup', { name: 'Then' });
    await expect(action.getByRole('radio', { name: 'Erase the candidate' })).toBeChecked();
    const saved = page.waitForResponse(
      (response) => /\/api\/settings\/\d+$/.test(response.url()) && response.request().method() === 'PATCH',
    );
    await action.getByText('Anonymise the candidate').click();
    expect((await saved).ok()).toBe(true);

    const table = page.getByRole('table', { name: 'Candidates due within 60 days' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Data goes on' })).toBeVisible();
    const rowsBefore = await table.getByRole('row').count();
    const first = table.getByRole('row').nth(1);
    const name = (await first.getByRole('cell').first().textContent()) ?? '';
    await expect(first.getByRole('cell').nth(3)).toHaveText('Not mailed yet');

    await first.getByRole('button', { name: `Keep the data of ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Keep the data of ${name}` });
    const confirm = dialog.getByRole('button', { name: 'Keep the data' });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('A pending legal claim');
    const excluded = page.waitForResponse((response) => response.url().endsWith('/api/retention/exclusions'));
    await confirm.click();
    expect((await excluded).status()).toBe(201);
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('row')).toHaveCount(rowsBefore - 1);
    await expect(table.getByRole('cell', { name, exact: true })).toHaveCount(0);
  });

  test("a candidate keeps their data through the notice's link, in English or in French, once", async ({
    page,
  }) => {
    test.slow();
    const org = await retentionOrganisation();
    // A year without activity: several of the demo's candidates are then due.
    const settings = (await (await callAs(org, 'GET', '/settings')).json()) as {
      data: { id: number; name: string }[];
    };
    const months = settings.data.find((setting) => setting.name === 'retention_months');
    expect((await callAs(org, 'PATCH', `/settings/${months?.id}`, { value: { type: '12' } })).ok).toBe(true);
    const known = new Set(outbox().map((mail) => mail.file));
    await runCli('retention:run');
    const links = () =>
      outbox()
        .filter((mail) => !known.has(mail.file) && mail.text.includes(org.name))
        .map((mail) => mail.text.match(/\/careers\/-\/keep\/[A-Za-z0-9_-]+/)?.[0])
        .filter((link): link is string => link !== undefined);
    await expect.poll(() => links().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    const [english, french] = links();

    await page.goto(english ?? '');
    await expect(page.getByRole('heading', { name: 'Keep your data?', exact: true })).toBeVisible();
    await expect(page.getByText(`I agree that ${org.name} keeps my application data`)).toBeVisible();
    await page.getByRole('button', { name: 'Keep my data' }).click();
    await expect(page.getByText(`${org.name} will keep your data for another period.`)).toBeVisible();
    await page.goto(english ?? '');
    await expect(page.getByText('This link was already used: your answer was recorded.')).toBeVisible();

    await page.goto(`${french}?lang=fr`);
    await expect(page.getByRole('heading', { name: 'Conserver vos données ?', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Conserver mes données' }).click();
    await expect(page.getByText(`${org.name} conservera vos données une période de plus.`)).toBeVisible();

    await page.goto('/careers/-/keep/not-a-link-of-ours-at-all');
    await expect(page.getByText('This link is not valid (any more)')).toBeVisible();
  });
});
