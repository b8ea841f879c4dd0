import { expect, signIn, test } from '../support/fixtures.ts';
import { addTag, card, createUser, unique } from '../support/job-offers.ts';

// The admins-only half of the rules (company_creation = admins_only, tags_rule = not-createable), set in the
// settings screen: settings.spec.ts.
test.describe('creation rules of the global settings', () => {
  const email = `rules-${Date.now().toString(36)}@vivier.test`;
  const password = 'a-recruiter-password';

  test.beforeAll(async () => {
    await createUser(email, password, 'Nora', 'Nonadmin');
  });

  test("a user who is not admin reads the licence's settings and may create under the default rules", async ({
    page,
  }) => {
    const settings = page.waitForResponse((response) => response.url().endsWith('/api/settings'));
    await signIn(page, email, password);
    const name = unique('Data analyst');
    const company = unique('Initech');
    const tag = unique('Scala');

    await page.getByRole('button', { name: 'New job offer' }).click();
    expect((await settings).status()).toBe(200);
    const form = page.getByRole('form', { name: 'New job offer' });
    await form.getByLabel('Name').fill(name);
    await form.getByRole('textbox', { name: 'Company' }).fill(company);
    await page.getByRole('option', { name: `Create and set company: ${company}` }).click();
    await expect(form.getByRole('textbox', { name: 'Company' })).toHaveValue(company);
    await addTag(page, form, tag);
    await form.getByRole('button', { name: 'Create' }).click();

    await expect(card(page, name).getByText(company)).toBeVisible();
    await expect(card(page, name).getByRole('img', { name: 'Nora Nonadmin' })).toBeVisible();
  });
});
