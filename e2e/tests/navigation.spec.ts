import { expect, signIn, test } from '../support/fixtures.ts';

test.describe('the main layout', () => {
  test.beforeEach(async ({ page }) => signIn(page));

  test('shows the side menu with the licence widget and 3.4.2', async ({ page }) => {
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(page.getByRole('img', { name: 'Vivier' }).first()).toBeVisible();
    const licence = page.getByRole('region', { name: 'Licence' });
    await expect(licence).toBeVisible();
    await expect(licence.getByText(/\d+ credits left/)).toBeVisible();
    await expect(licence.getByText('License type:')).toBeVisible();
    await expect(licence.getByRole('img', { name: /% of credits left/ })).toBeVisible();
    await expect(page.getByText('Version 3.4.2')).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText([
      'Job offers',
      'Candidates',
      'Reports',
      'Interviews',
      'Users',
      'Settings',
      'Audit log',
      'Logout',
    ]);
    await page.screenshot({ path: 'test-results/e2e/layout.png', fullPage: true });
  });

  test('every link opens its screen inside the layout, and / goes to /jobs', async ({ page }) => {
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    for (const [link, path] of [
      ['Candidates', '/candidates'],
      ['Reports', '/reports'],
      ['Users', '/users'],
      ['Settings', '/settings'],
      ['Audit log', '/audit_log'],
      ['Job offers', '/jobs'],
    ] as const) {
      await menu.getByRole('link', { name: link }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: link })).toBeVisible();
      await expect(menu.getByRole('link', { name: link })).toHaveAttribute('aria-current', 'page');
    }
    await page.goto('/');
    await expect(page).toHaveURL(/\/jobs$/);
  });

  test('deep links open the job offer, copy and export screens', async ({ page }) => {
    await page.goto('/jobs/12');
    await expect(page.getByRole('link', { name: 'Job offers' }).last()).toHaveAttribute('href', '/jobs');
    await page.goto('/jobs/12/copy');
    await expect(page.getByRole('heading', { name: 'Copy candidates into another job offer' })).toBeVisible();
    await page.goto('/jobs/12/export');
    await expect(page.getByRole('heading', { name: 'Export candidates' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Job offers' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  test("an unknown path shows 'Not found'", async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  });
});
