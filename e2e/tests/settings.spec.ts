import { createTagAsAdmin, removeStatuses, restoreSetting } from '../support/admin-api.ts';
import { expect, signIn, test } from '../support/fixtures.ts';
import { card, createOffer, createUser, seriousViolations, unique } from '../support/job-offers.ts';
import { openSettingsSection } from '../support/settings.ts';

/**
 * The answer to the next save of a setting (each is saved on change). A test that leaves the page next waits
 * for it: a navigation while the PATCH is on its way cancels it.
 */
const settingSaved = (page: import('@playwright/test').Page) =>
  page.waitForResponse(
    (response) => /\/api\/settings\/\d+$/.test(response.url()) && response.request().method() === 'PATCH',
  );

test.describe('global settings', () => {
  test('the admin edits the pipeline and the new status shows on the job offers', async ({ page }) => {
    // An offer, then add, rename, move and delete a status, across two screens.
    test.slow();
    const offer = unique('Pipeline offer');
    const status = unique('Screening');
    const renamed = `${status} call`;
    try {
      await signIn(page);
      await createOffer(page, offer);
      await page.getByRole('link', { name: 'Settings' }).click();
      await openSettingsSection(page, 'Global settings');
      const pipeline = page.getByRole('region', { name: 'Pipeline' });
      await expect(pipeline.getByRole('textbox', { name: /^Name of / }).first()).toBeVisible();
      // Retried: the menu's active link fades in, and axe may measure it half-way.
      await expect(async () => expect(await seriousViolations(page)).toEqual([])).toPass();

      await page.getByRole('textbox', { name: 'New status' }).fill(status);
      await page.getByRole('button', { name: 'Add the status' }).click();
      const box = pipeline.getByRole('textbox', { name: `Name of ${status}` });
      await expect(box).toHaveValue(status);
      await box.fill(renamed);
      await box.press('Enter');
      await expect(pipeline.getByRole('textbox', { name: `Name of ${renamed}` })).toBeVisible();
      await pipeline.getByRole('button', { name: `Move ${renamed} up` }).click();
      await expect(pipeline.getByRole('textbox', { name: /^Name of / }).nth(-2)).toHaveValue(renamed);

      await page.getByRole('link', { name: 'Job offers' }).click();
      const statuses = card(page, offer).getByRole('list', { name: 'Candidates per status' });
      await expect(statuses.getByText(renamed, { exact: true })).toBeVisible();

      await page.getByRole('link', { name: 'Settings' }).click();
      await openSettingsSection(page, 'Global settings');
      await page.getByRole('button', { name: `Delete ${renamed}` }).click();
      await page.getByRole('button', { name: 'Ok', exact: true }).click();
      await expect(page.getByRole('textbox', { name: `Name of ${renamed}` })).toHaveCount(0);
    } finally {
      await removeStatuses(status, renamed);
    }
  });

  test('switching visibility to opaque hides an offer from a user not assigned to it', async ({ page }) => {
    // Four sign-ins, two users, two settings changes.
    test.slow();
    const email = `opaque-${Date.now().toString(36)}@vivier.test`;
    const password = 'an-opaque-password';
    const offer = unique('Confidential search');
    await createUser(email, password, 'Otto', 'Outsider');
    try {
      await signIn(page);
      await createOffer(page, offer);
      await page.getByRole('link', { name: 'Settings' }).click();
      await openSettingsSection(page, 'Global settings');
      const visibility = page.getByRole('radiogroup', { name: 'Users can see all job offers?' });
      await expect(visibility.getByRole('radio', { name: 'Yes' })).toBeChecked();
      // Saved at once: the reload waits for the save's answer (a reload while it is on its way cancels it).
      const saved = settingSaved(page);
      await visibility.getByText('No', { exact: true }).click();
      await expect(visibility.getByRole('radio', { name: 'No' })).toBeChecked();
      expect((await saved).ok()).toBe(true);
      // Saved: a reload reads it back from the server.
      await page.reload();
      await openSettingsSection(page, 'Global settings');
      await expect(
        page
          .getByRole('radiogroup', { name: 'Users can see all job offers?' })
          .getByRole('radio', { name: 'No' }),
      ).toBeChecked();
      await page.goto('/logout');
      await expect(page).toHaveURL(/\/login$/);

      await signIn(page, email, password);
      await page.getByRole('searchbox', { name: 'Search' }).fill(offer);
      await expect(page.getByText('There is no job offer matching your criterias')).toBeVisible();
      await expect(card(page, offer)).toHaveCount(0);
      await page.goto('/logout');
      await expect(page).toHaveURL(/\/login$/);

      await signIn(page);
      await page.getByRole('link', { name: 'Settings' }).click();
      await openSettingsSection(page, 'Global settings');
      const again = page.getByRole('radiogroup', { name: 'Users can see all job offers?' });
      const savedAgain = settingSaved(page);
      await again.getByText('Yes', { exact: true }).click();
      await expect(again.getByRole('radio', { name: 'Yes' })).toBeChecked();
      expect((await savedAgain).ok()).toBe(true);
      await page.goto('/logout');
      await expect(page).toHaveURL(/\/login$/);

      await signIn(page, email, password);
      await page.getByRole('searchbox', { name: 'Search' }).fill(offer);
      await expect(card(page, offer)).toBeVisible();
    } finally {
      await restoreSetting('transparency', 'transparent');
    }
  });
});

test.describe('pictures from Gravatar (issue 24)', () => {
  test('off for a new licence: no request leaves for gravatar.com until an admin says Yes', async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('gravatar.com')) asked.push(request.url());
    });
    try {
      await signIn(page);
      await page.getByRole('link', { name: 'Users' }).click();
      await expect(page.getByRole('img').first()).toBeVisible();
      expect(asked).toEqual([]);

      await page.getByRole('link', { name: 'Settings' }).click();
      await openSettingsSection(page, 'Global settings');
      const avatars = page.getByRole('radiogroup', { name: 'Pictures from Gravatar?' });
      await expect(avatars.getByRole('radio', { name: 'No' })).toBeChecked();
      const saved = settingSaved(page);
      await avatars.getByText('Yes', { exact: true }).click();
      expect((await saved).ok()).toBe(true);
      await page.getByRole('link', { name: 'Users' }).click();
      // The picture is asked for (this machine cannot reach it: the chip falls back to the initials).
      await expect.poll(() => asked.length).toBeGreaterThan(0);
      expect(asked[0]).toMatch(/^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=404/);
    } finally {
      await restoreSetting('avatar_service', 'off');
    }
  });
});

test.describe('creation rules', () => {
  test("'Only admins' takes tag and company creation out of a user's offer form", async ({ page }) => {
    test.slow();
    const email = `rules-admins-${Date.now().toString(36)}@vivier.test`;
    const password = 'a-rules-password';
    const tag = unique('Cobol');
    await createUser(email, password, 'Rita', 'Rules');
    await createTagAsAdmin(tag);
    try {
      await signIn(page);
      await page.getByRole('link', { name: 'Settings' }).click();
      await openSettingsSection(page, 'Global settings');
      for (const rule of ['Tag creation', 'Company creation']) {
        const group = page.getByRole('radiogroup', { name: rule });
        // Signing out next: the user would meet the rule unchanged if the save were cancelled.
        const saved = settingSaved(page);
        await group.getByText('Only admins', { exact: true }).click();
        await expect(group.getByRole('radio', { name: 'Only admins' })).toBeChecked();
        expect((await saved).ok()).toBe(true);
      }
      await page.goto('/logout');
      await expect(page).toHaveURL(/\/login$/);

      await signIn(page, email, password);
      await page.getByRole('button', { name: 'New job offer' }).click();
      const form = page.getByRole('form', { name: 'New job offer' });
      const company = unique('Umbrella');
      await form.getByRole('textbox', { name: 'Company' }).fill(company);
      // The search settled with nothing to offer: no 'Create and set company: …'.
      await expect(page.getByText('No company found')).toBeVisible();
      await expect(page.getByRole('option', { name: `Create and set company: ${company}` })).toHaveCount(0);
      await form.getByRole('button', { name: 'Add a tag' }).click();
      // Typed without its last letter, an existing tag is listed: under the default rule 'Create and add tag'
      // would be offered beside it.
      const typed = tag.slice(0, -1);
      await form.getByRole('textbox', { name: 'Select a tag or type to search...' }).fill(typed);
      await expect(page.getByRole('option', { name: tag, exact: true })).toBeVisible();
      await expect(page.getByRole('option', { name: `Create and add tag: ${typed}` })).toHaveCount(0);
    } finally {
      await restoreSetting('tags_rule', 'createable');
      await restoreSetting('company_creation', 'everyone');
    }
  });
});

test.describe('tag management', () => {
  test('an admin adds, renames and deletes a tag', async ({ page }) => {
    const tag = unique('Rustacean');
    const renamed = `${tag} senior`;
    await signIn(page);
    await page.getByRole('link', { name: 'Settings' }).click();
    await openSettingsSection(page, 'Tag management');
    const tags = page.getByRole('list', { name: 'Tags' });
    await page.getByRole('button', { name: 'Add a tag' }).click();
    const box = page.getByRole('textbox', { name: 'New tag' });
    await expect(box).toHaveValue('');
    await box.fill(tag);
    await box.press('Enter');
    await expect(tags.getByText(tag, { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'New tag' })).toHaveCount(0);
    await expect(async () => expect(await seriousViolations(page)).toEqual([])).toPass();

    await page.getByRole('button', { name: `Edit tag ${tag}` }).click();
    const name = page.getByRole('textbox', { name: 'Tag name' });
    await name.fill(renamed);
    await name.press('Enter');
    await expect(tags.getByText(renamed, { exact: true })).toBeVisible();
    await expect(tags.getByText(tag, { exact: true })).toHaveCount(0);

    await page.reload();
    await openSettingsSection(page, 'Tag management');
    await expect(page.getByRole('list', { name: 'Tags' }).getByText(renamed, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Delete tag ${renamed}` }).click();
    await page.getByRole('button', { name: 'Ok', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Tags' }).getByText(renamed, { exact: true })).toHaveCount(0);
  });
});
