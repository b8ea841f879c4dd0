import { expect, signIn, test } from '../support/fixtures.ts';
import { addTag, card, createOffer, offerCount, setCompany, unique } from '../support/job-offers.ts';

test.describe('job offers index', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('creates an offer with a new company and a new tag; it comes first with the count badge', async ({
    page,
  }) => {
    const name = unique('Backend developer');
    const company = unique('Acme');
    const tag = unique('Kotlin');
    const before = await offerCount(page);

    await createOffer(page, name, { company, tag });

    await expect(page.getByRole('article').first()).toHaveAccessibleName(name);
    await expect(card(page, name).getByText(company)).toBeVisible();
    await expect(page.getByText(`${before + 1} offer(s)`)).toBeVisible();
    // The manager chip and the short US creation date.
    const today = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone: 'UTC',
    }).format(new Date());
    await expect(card(page, name).getByText(`Created on ${today}`)).toBeVisible();
    await expect(card(page, name).getByRole('img', { name: 'Admin' })).toBeVisible();

    // The tag was attached after creation: the edit form shows it.
    await card(page, name)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    const form = page.getByRole('form', { name: 'Edit job offer' });
    await expect(form.getByText(tag, { exact: true })).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Company' })).toHaveValue(company);
  });

  test('edits an offer inline: name, company and tags', async ({ page }) => {
    const name = unique('Designer');
    await createOffer(page, name);
    await card(page, name)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    const form = page.getByRole('form', { name: 'Edit job offer' });
    await expect(form.getByText('This job offer has no tag...')).toBeVisible();

    const renamed = `${name} (senior)`;
    await form.getByLabel('Name').fill(renamed);
    await setCompany(page, form, unique('Studio'));
    const tag = unique('Figma');
    await addTag(page, form, tag);
    // An existing offer's tag is attached at once: removing it detaches at once too.
    await form.getByRole('button', { name: `Remove tag ${tag}` }).click();
    await expect(form.getByText('This job offer has no tag...')).toBeVisible();
    await addTag(page, form, unique('Sketch'));
    await form.getByRole('button', { name: 'Update' }).click();

    await expect(form).toHaveCount(0);
    await expect(card(page, renamed)).toBeVisible();
    await expect(card(page, name)).toHaveCount(0);
    await page.reload();
    await expect(card(page, renamed)).toBeVisible();
  });

  test('searches with and without results, and clearing the box shows every offer again', async ({
    page,
  }) => {
    const name = unique('Data scientist');
    await createOffer(page, name);
    const all = await offerCount(page);
    const search = page.getByRole('searchbox', { name: 'Search' });

    await search.fill(name.toUpperCase());
    await expect(page).toHaveURL(/filters%5Bsearch%5D=|filters\[search\]=/);
    await expect(page.getByText('1 offer(s)')).toBeVisible();
    await expect(card(page, name)).toBeVisible();

    await search.fill('no offer has this name');
    await expect(page.getByText('There is no job offer matching your criterias')).toBeVisible();
    await expect(page.getByText('0 offer(s)')).toBeVisible();

    await search.fill('');
    await expect(page.getByText(`${all} offer(s)`)).toBeVisible();
    await expect(page).not.toHaveURL(/search/);
  });

  test('archives an offer, finds it under Archived and unarchives it', async ({ page }) => {
    const name = unique('Archivist');
    await createOffer(page, name);
    await card(page, name)
      .getByRole('button', { name: `More actions for ${name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await expect(card(page, name)).toHaveCount(0);

    await page.getByRole('switch', { name: 'Archived' }).click();
    await expect(page.getByRole('switch', { name: 'Archived' })).toBeChecked();
    await expect(page).toHaveURL(/archived%5D=true|archived\]=true/);
    await card(page, name)
      .getByRole('button', { name: `More actions for ${name}` })
      .click();
    await expect(page.getByRole('menuitem', { name: 'Archive', exact: true })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Unarchive' }).click();
    await expect(card(page, name)).toHaveCount(0);

    await page.getByRole('switch', { name: 'Archived' }).click();
    await expect(page.getByRole('switch', { name: 'Archived' })).not.toBeChecked();
    await expect(card(page, name)).toBeVisible();
  });

  test('deletes an offer after the confirmation', async ({ page }) => {
    const name = unique('Short-lived');
    await createOffer(page, name);
    const before = await offerCount(page);

    await card(page, name)
      .getByRole('button', { name: `More actions for ${name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${name}` });
    await expect(dialog.getByText('Are you sure?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(card(page, name)).toBeVisible();

    await card(page, name)
      .getByRole('button', { name: `More actions for ${name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ok', exact: true }).click();
    await expect(card(page, name)).toHaveCount(0);
    await expect(page.getByText(`${before - 1} offer(s)`)).toBeVisible();
    await page.reload();
    await expect(page.getByText(`${before - 1} offer(s)`)).toBeVisible();
    await expect(card(page, name)).toHaveCount(0);
  });

  test('a status opens the offer filtered on it; the card opens it unfiltered', async ({ page }) => {
    const name = unique('Recruiter');
    await createOffer(page, name);
    await card(page, name)
      .getByRole('link', { name: /Interview/ })
      .click();
    await expect(page).toHaveURL(/\/jobs\/\d+\?filters(\[|%5B)statusId(\]|%5D)=\d+$/);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByText('Status filter:')).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Candidates per status' }).getByRole('button', { name: /^Interview/ }),
    ).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('link', { name: 'Job offers' }).first().click();
    await expect(page).toHaveURL(/\/jobs$/);
    await card(page, name).getByText('Created on').click();
    await expect(page).toHaveURL(/\/jobs\/\d+$/);
    await expect(page.getByRole('heading', { name })).toBeVisible();
  });

  test('the export and copy actions lead to their screens', async ({ page }) => {
    const name = unique('Exported');
    await createOffer(page, name);
    await card(page, name)
      .getByRole('link', { name: `Export ${name}` })
      .click();
    await expect(page).toHaveURL(/\/jobs\/\d+\/export$/);
    await page.goBack();
    await card(page, name)
      .getByRole('button', { name: `More actions for ${name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Copy' }).click();
    await expect(page).toHaveURL(/\/jobs\/\d+\/copy$/);
  });
});
