import { readFile } from 'node:fs/promises';
import { EXPORT_COLUMNS } from '@vivier/contract';
import { parse } from 'csv-parse/sync';
import {
  asOrganisation,
  type SeededOrganisation,
  seededOrganisation,
  statusChoices,
  statusCounts,
} from '../support/copy-export.ts';
import { expect, signIn, test } from '../support/fixtures.ts';
import { card, seriousViolations, unique } from '../support/job-offers.ts';

// Copy candidates into another job offer, and export a job offer (issue 10; SPEC sections 2, 4, 8 and 9),
// in a licence of their own seeded with demo candidates.
let org: SeededOrganisation;
test.beforeAll(async () => {
  org = await seededOrganisation();
});

test.describe('copy and export', () => {
  test('copies a shortlist into a new offer and lands on it; copying again finds only duplicates', async ({
    page,
  }) => {
    await signIn(page, org.email, org.password);
    const source = 'Senior backend developer';
    await card(page, source)
      .getByRole('button', { name: `More actions for ${source}` })
      .click();
    await page.getByRole('menuitem', { name: 'Copy' }).click();
    await expect(page.getByRole('heading', { name: 'Copy candidates into another job offer' })).toBeVisible();
    await expect(page).toHaveURL(/\/jobs\/\d+\/copy$/);
    const sourceUrl = page.url();
    const copy = page.getByRole('button', { name: 'Copy', exact: true });
    await expect(copy).toBeDisabled();

    const choices = await statusChoices(page);
    const total = choices.reduce((sum, c) => sum + c.count, 0);
    expect(total).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await expect(page.getByText(`${total} candidate(s) selected`)).toBeVisible();
    await copy.click();
    await expect(page.getByText('Please select a job offer or create a new one')).toBeVisible();

    const name = unique('Shortlist');
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await expect(page.getByRole('combobox', { name: 'Select an existing job offer' })).toBeDisabled();
    await page.getByRole('combobox', { name: 'Company' }).fill('Glob');
    await page.getByRole('option', { name: 'Globex' }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await copy.click();

    await expect(page.getByText(`${total} element(s) copied, 0 duplicate(s) excluded`)).toBeVisible();
    await expect(page).toHaveURL(/\/jobs\/\d+$/);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByText('Globex')).toBeVisible();
    // Each copied candidate kept its status.
    const copied = await statusCounts(
      page,
      choices.map((c) => c.name),
    );
    expect(choices.map((c) => copied.get(c.name))).toEqual(choices.map((c) => c.count));

    await page.goto(sourceUrl);
    await page.getByRole('button', { name: 'All', exact: true }).click();
    const existing = page.getByRole('combobox', { name: 'Select an existing job offer' });
    await existing.fill(name);
    await page.getByRole('option', { name: `${name} (Globex)` }).click();
    await expect(page.getByRole('textbox', { name: 'Name' })).toBeDisabled();
    await copy.click();
    await expect(page.getByText(`0 element(s) copied, ${total} duplicate(s) excluded`)).toBeVisible();
    await expect(page.getByRole('heading', { name })).toBeVisible();
  });

  test("a copy that fails says so once: one toast, the Copy section's, with the reason", async ({ page }) => {
    await signIn(page, org.email, org.password);
    const destination = unique('Gone');
    const created = await asOrganisation(org, 'POST', '/job_offers', { job_offer: { name: destination } });
    const { id } = (await created.json()) as { id: number };
    const source = 'Senior backend developer';
    await card(page, source)
      .getByRole('button', { name: `More actions for ${source}` })
      .click();
    await page.getByRole('menuitem', { name: 'Copy' }).click();
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page.getByRole('combobox', { name: 'Select an existing job offer' }).fill(destination);
    await page.getByRole('option', { name: `${destination} (No company)` }).click();
    // Someone deletes the destination while this person is choosing.
    expect((await asOrganisation(org, 'DELETE', `/job_offers/${id}`)).status).toBe(204);
    await page.getByRole('button', { name: 'Copy', exact: true }).click();

    await expect(page.getByRole('alert').filter({ hasText: 'Error during copy' })).toHaveText(
      'Error during copy: it does not exist any more',
    );
    await expect(page.getByRole('alert')).toHaveCount(1);
    await expect(page.getByText('The job offer could not be copied')).toHaveCount(0);
    await expect(page).toHaveURL(/\/jobs\/\d+\/copy$/);
  });

  test('exports the chosen statuses, then moves them: the file read back, the counts moved', async ({
    page,
  }) => {
    await signIn(page, org.email, org.password);
    const offer = 'Data engineer';
    await card(page, offer)
      .getByRole('link', { name: `Export ${offer}` })
      .click();
    await expect(page.getByRole('heading', { name: 'Export candidates' })).toBeVisible();
    const choices = await statusChoices(page);
    // Every status is preselected on entry; leave out the last one that holds candidates.
    expect(choices.every((c) => c.checked)).toBe(true);
    const left = [...choices].reverse().find((c) => c.count > 0 && c.name !== 'Hired');
    if (!left) throw new Error('the seed put nobody in this offer');
    await page.getByRole('checkbox', { name: `${left.name} (${left.count})` }).uncheck();
    const exported = choices.filter((c) => c !== left);
    const rows = exported.reduce((sum, c) => sum + c.count, 0);

    await page.getByRole('checkbox', { name: 'Change candidates status after export' }).check();
    await page.getByRole('combobox', { name: 'New status' }).click();
    await page.getByRole('option', { name: 'Hired' }).click();
    await expect(page.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    expect(await seriousViolations(page)).toEqual([]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export', exact: true }).click(),
    ]);

    expect(download.suggestedFilename()).toBe(
      `initech_data-engineer_${new Date().toISOString().slice(0, 10)}.csv`,
    );
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records: string[][] = parse(bytes, { delimiter: ';', bom: true });
    expect(records[0]).toEqual(EXPORT_COLUMNS.map((c) => c.csv));
    const body = records.slice(1);
    expect(body).toHaveLength(rows);
    for (const record of body) {
      expect(record[0]?.length, 'Full name').toBeGreaterThan(0);
      expect(record[4], 'Primary email').toMatch(/@([a-z]+\.)?example\.(com|org|net)$/);
      expect(record[12], 'Job offer').toBe(offer);
    }
    // The file holds exactly the chosen statuses, as many rows of each as the screen counted.
    for (const status of choices) {
      const inFile = body.filter((r) => r[8] === status.name).length;
      expect(inFile, status.name).toBe(status === left ? 0 : status.count);
    }

    await expect(
      page.getByText(`${rows} element(s) exported. statuses were updated to "Hired"`),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/jobs\/\d+$/);
    const after = await statusCounts(
      page,
      choices.map((c) => c.name),
    );
    for (const status of choices) {
      const expected = status.name === 'Hired' ? rows : status === left ? left.count : 0;
      expect(after.get(status.name), status.name).toBe(expected);
    }
  });

  test("an export that moves its candidates to 'Rejected' asks why first, then moves them", async ({
    page,
  }) => {
    await signIn(page, org.email, org.password);
    const offer = 'Engineering manager';
    await card(page, offer)
      .getByRole('link', { name: `Export ${offer}` })
      .click();
    const choices = await statusChoices(page);
    // One status that holds candidates, exported alone.
    const moved = choices.find((c) => c.count > 0 && c.name !== 'Rejected');
    const rejected = choices.find((c) => c.name === 'Rejected');
    if (!moved || !rejected) throw new Error('the seed put nobody in this offer');
    await page.getByRole('button', { name: 'None', exact: true }).click();
    await page.getByRole('checkbox', { name: `${moved.name} (${moved.count})` }).check();
    await page.getByRole('checkbox', { name: 'Change candidates status after export' }).check();
    await page.getByRole('combobox', { name: 'New status' }).click();
    await page.getByRole('option', { name: 'Rejected' }).click();
    await page.getByRole('button', { name: 'Export', exact: true }).click();

    // 'Rejected' is marked rejected in a new licence (decision 228): the reason comes before the file.
    const title =
      moved.count === 1
        ? 'Why is 1 candidate rejected?'
        : `Why are these ${moved.count} candidates rejected?`;
    const prompt = page.getByRole('dialog', { name: title });
    await expect(prompt.getByRole('button', { name: 'Reject' })).toBeDisabled();
    await prompt.getByRole('textbox', { name: /^Details/ }).fill('The position was filled');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      prompt.getByRole('button', { name: 'Reject' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/engineering-manager_\d{4}-\d{2}-\d{2}\.csv$/);
    await expect(
      page.getByText(`${moved.count} element(s) exported. statuses were updated to "Rejected"`),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/jobs\/\d+$/);
    const after = await statusCounts(page, [moved.name, 'Rejected']);
    expect(after.get(moved.name)).toBe(0);
    expect(after.get('Rejected')).toBe(rejected.count + moved.count);
  });

  test('an export of nothing says so and stays', async ({ page }) => {
    await signIn(page, org.email, org.password);
    await card(page, 'Engineering manager').getByRole('link', { name: 'Export Engineering manager' }).click();
    await expect(page.getByRole('checkbox', { name: /^Hired/ })).toBeChecked();
    await page.getByRole('button', { name: 'None', exact: true }).click();
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(page.getByText('Cannot export an empty job offer !')).toBeVisible();
    await expect(page).toHaveURL(/\/export$/);
  });
});

test.describe('copy and export in French', () => {
  test.use({ locale: 'fr-FR' });

  test('the copy and export screens speak French', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(org.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(org.password);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    const offer = 'Frontend developer (React)';
    await card(page, offer)
      .getByRole('button', { name: `Plus d'actions pour ${offer}` })
      .click();
    await page.getByRole('menuitem', { name: 'Copier' }).click();
    await expect(
      page.getByRole('heading', { name: 'Copier les candidats dans une autre offre' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Tous', exact: true }).click();
    await expect(page.getByText(/^\d+ candidat\(s\) sélectionné\(s\)$/)).toBeVisible();
    await page.getByRole('button', { name: 'Copier', exact: true }).click();
    await expect(
      page.getByText("Veuillez choisir une offre d'emploi ou en créer une nouvelle"),
    ).toBeVisible();

    await page.goBack();
    await card(page, offer)
      .getByRole('link', { name: `Exporter ${offer}` })
      .click();
    await expect(page.getByRole('heading', { name: 'Exporter les candidats' })).toBeVisible();
    await expect(
      page.getByRole('checkbox', { name: "Changer le statut des candidats après l'export" }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Aucun', exact: true }).click();
    await page.getByRole('button', { name: 'Exporter', exact: true }).click();
    await expect(page.getByText("Impossible d'exporter une offre d'emploi vide !")).toBeVisible();
  });
});
