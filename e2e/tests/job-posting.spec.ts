import { expect, signIn, test } from '../support/fixtures.ts';
import { card, createOffer, seriousViolations, unique } from '../support/job-offers.ts';
import { openSettingsSection } from '../support/settings.ts';

test.describe('job postings (issue 23)', () => {
  test('the admin sets the careers address, writes a posting with two questions, publishes it and sees its link', async ({
    page,
  }) => {
    test.slow();
    const offer = unique('Backend developer');
    const slug = `e2e-${Date.now().toString(36)}`;
    await signIn(page);

    // Settings → Careers site: the address, the introduction, the public link.
    await page.getByRole('link', { name: 'Settings' }).click();
    await openSettingsSection(page, 'Careers site');
    const address = page.getByRole('textbox', { name: /^Address/ });
    await expect(address).not.toHaveValue('');
    await address.fill(slug);
    await page.getByRole('textbox', { name: 'Introduction' }).fill('We build recruiting software.');
    await page.getByRole('button', { name: 'Save the careers site' }).click();
    await expect(page.getByText('The careers site is saved')).toBeVisible();
    await expect(page.getByTestId('careers-link')).toHaveAttribute('href', new RegExp(`/careers/${slug}$`));

    // The offer's Posting: description, place, contract, salary, two questions, Published.
    await page.getByRole('link', { name: 'Job offers' }).click();
    await createOffer(page, offer);
    await card(page, offer)
      .getByRole('button', { name: `More actions for ${offer}` })
      .click();
    await page.getByRole('menuitem', { name: 'Posting' }).click();
    const dialog = page.getByRole('dialog', { name: `Posting of ${offer}` });
    const editor = dialog.getByRole('textbox', { name: 'Description' });
    await editor.click();
    await editor.pressSequentially('Join a small team that ships every week.');
    await dialog.getByRole('textbox', { name: 'City' }).fill('Lyon');
    await dialog.getByRole('textbox', { name: /^Country/ }).fill('FR');
    await dialog.getByRole('combobox', { name: 'Workplace' }).click();
    await page.getByRole('option', { name: 'Hybrid' }).click();
    await dialog.getByRole('combobox', { name: 'Contract' }).click();
    await page.getByRole('option', { name: 'Permanent' }).click();
    await dialog.getByRole('textbox', { name: 'Salary from' }).fill('45000');
    await dialog.getByRole('textbox', { name: 'Salary to' }).fill('55000');
    await dialog.getByRole('textbox', { name: /^Currency/ }).fill('EUR');

    await dialog.getByRole('button', { name: 'Add a question' }).click();
    await dialog.getByRole('textbox', { name: 'Question 1' }).fill('When can you start?');
    await dialog.getByRole('checkbox', { name: 'Required' }).check();
    await dialog.getByRole('button', { name: 'Add a question' }).click();
    await dialog.getByRole('textbox', { name: 'Question 2' }).fill('English level');
    await dialog.getByRole('combobox', { name: 'Kind of question 2' }).click();
    await page.getByRole('option', { name: 'One choice' }).click();
    const choices = dialog.getByLabel(/^Choices of question 2/);
    await choices.fill('Basic');
    await choices.press('Enter');
    await choices.fill('Fluent');
    await choices.press('Enter');

    await dialog.getByRole('switch', { name: /^Published/ }).check({ force: true });
    await dialog.getByRole('button', { name: 'Save the posting' }).click();
    await expect(page.getByText('The posting is saved')).toBeVisible();
    const link = dialog.getByTestId('public-link');
    await expect(link).toHaveAttribute(
      'href',
      new RegExp(`/careers/${slug}/jobs/backend-developer-[a-z0-9-]+$`),
    );
    await expect(async () => expect(await seriousViolations(page)).toEqual([])).toPass();

    // Opened again, the dialog shows what was saved.
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await card(page, offer)
      .getByRole('button', { name: `More actions for ${offer}` })
      .click();
    await page.getByRole('menuitem', { name: 'Posting' }).click();
    const reopened = page.getByRole('dialog', { name: `Posting of ${offer}` });
    await expect(reopened.getByRole('textbox', { name: 'City' })).toHaveValue('Lyon');
    await expect(reopened.getByRole('textbox', { name: 'Question 1' })).toHaveValue('When can you start?');
    await expect(reopened.getByRole('textbox', { name: 'Question 2' })).toHaveValue('English level');
    await expect(reopened.getByRole('switch', { name: /^Published/ })).toBeChecked();
    await expect(reopened.getByTestId('public-link')).toBeVisible();
  });
});
