import fs from 'node:fs';
import { createUserAsAdmin } from '../support/admin-api.ts';
import { expect, signIn, test } from '../support/fixtures.ts';

test.describe('the audit log (issue 24)', () => {
  test('the admin sees a sign-in and a user created, filters them, exports them, in English and French', async ({
    page,
  }) => {
    test.slow();
    await signIn(page);
    // An audited act besides the sign-in: a user created (through the API, as the admin).
    const email = `audited-${Date.now().toString(36)}@vivier.test`;
    await createUserAsAdmin(email);

    await page.getByRole('link', { name: 'Audit log' }).click();
    await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Audit log' });
    await expect(table.getByRole('cell', { name: 'auth.sign_in', exact: true }).first()).toBeVisible();
    await expect(table.getByRole('cell', { name: 'user.create', exact: true }).first()).toBeVisible();

    // Filtered by action: only the creations remain.
    await page.getByRole('combobox', { name: 'Action' }).selectOption('user.create');
    await expect(table.getByRole('cell', { name: 'auth.sign_in', exact: true })).toHaveCount(0);
    await expect(table.getByRole('cell', { name: 'user.create', exact: true }).first()).toBeVisible();

    // A period in the past: nothing.
    await page.getByLabel('From').fill('2001-01-01');
    await page.getByLabel('To (excluded)').fill('2001-01-02');
    await expect(page.getByText('No entry matches these filters')).toBeVisible();
    await page.getByLabel('From').fill('');
    await page.getByLabel('To (excluded)').fill('');
    await expect(table.getByRole('cell', { name: 'user.create', exact: true }).first()).toBeVisible();

    // The CSV export holds the filtered list.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^audit-log_\d{4}-\d\d-\d\d\.csv$/);
    const path = await file.path();
    const text = fs.readFileSync(path, 'utf8');
    expect(text).toContain('seq,created_at,actor_kind');
    expect(text).toContain(',user.create,user,');
    expect(text).not.toContain(',auth.sign_in,');

    // The screen in French.
    await page.getByLabel('Language').selectOption('fr');
    await expect(page.getByRole('heading', { name: "Journal d'audit" })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Exporter en CSV' })).toBeVisible();
  });
});
