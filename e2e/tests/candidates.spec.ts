import { readFileSync } from 'node:fs';
import {
  candidateCard,
  createOfferThroughApi,
  importCandidates,
  offerCounts,
  pickInTagBox,
} from '../support/candidates.ts';
import { expect, signIn, test } from '../support/fixtures.ts';
import { seriousViolations, unique } from '../support/job-offers.ts';

/** A word no other test uses, so searches in the suite's shared database find only this test's people. */
const word = () => unique('u').replace(/\s/g, '').toLowerCase();

test.describe('the candidate database', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
    await page.getByRole('link', { name: 'Candidates' }).click();
    await expect(page.getByRole('heading', { name: 'Candidates' })).toBeVisible();
  });

  test('imports a CSV: maps the columns with a preview, reports created, merged and rejected rows', async ({
    page,
  }) => {
    const u = word();
    const csv = [
      'Prénom;Nom;E-mail;Téléphone;Titre;Tags',
      `Ada;Lovelace${u};ada.${u}@engine.test;+44 20 7946 0000;Backend developer;Math${u}`,
      `Grace;Hopper${u};grace.${u}@navy.test;;Admiral;`,
      `Alan;Turing${u};alan.${u}@bletchley.test;;;Math${u}`,
      `Ada;;ADA.${u}@engine.test;;;Poetry${u}`,
      `Bad;Row${u};not-an-email;;;`,
    ].join('\n');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import candidates from a CSV file' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await expect(dialog.getByText('5 row(s) in the file')).toBeVisible();
    // The mapping guessed from the French header, and the preview of the first rows.
    await expect(dialog.getByLabel('First name')).toHaveValue('Prénom');
    await expect(dialog.getByRole('cell', { name: `ada.${u}@engine.test`, exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Import' }).click();

    await expect(dialog.getByText('Import finished')).toBeVisible();
    await expect(dialog.getByText('3 created')).toBeVisible();
    await expect(dialog.getByText('1 merged into existing candidates')).toBeVisible();
    await expect(dialog.getByText('1 rejected')).toBeVisible();
    await expect(dialog.getByRole('cell', { name: 'Invalid email format: not-an-email' })).toBeVisible();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download the report (CSV)' }).click();
    const report = readFileSync(await (await download).path(), 'utf8');
    expect(report).toContain('Row,Outcome,Candidate id,Message');
    expect(report).toContain('6,rejected,,Invalid email format: not-an-email');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The imported candidates are in the database, Ada with both rows' tags.
    await page.getByRole('searchbox').fill(u);
    await expect(page.getByText('3 candidate(s)')).toBeVisible();
    const ada = candidateCard(page, `Ada Lovelace${u}`);
    await expect(ada.getByText(`Math${u}`)).toBeVisible();
    await expect(ada.getByText(`Poetry${u}`)).toBeVisible();
    await expect(ada.getByText('Backend developer')).toBeVisible();
  });

  test('creates a candidate with the New candidate form, and names a duplicate email', async ({ page }) => {
    const u = word();
    await page.getByRole('button', { name: 'New candidate' }).click();
    const form = page.getByRole('form', { name: 'New candidate' });
    await form.getByLabel('First name').fill('Hedy');
    await form.getByLabel('Last name').fill(`Lamarr${u}`);
    await form.getByLabel('Email').fill('not an email');
    await form.getByLabel('Phone').fill('call me');
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(form.getByText('Invalid email format')).toBeVisible();
    await expect(form.getByText('Invalid phone format')).toBeVisible();
    await form.getByLabel('Email').fill(`hedy.${u}@radio.test`);
    await form.getByLabel('Phone').fill('+1 555 0100');
    await form.getByLabel('Title').fill('Inventor');
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText(`Candidate Hedy Lamarr${u} created`)).toBeVisible();
    await expect(form).toHaveCount(0);
    // Newest first: the new candidate leads the database.
    await expect(page.getByRole('article').first()).toHaveAccessibleName(`Hedy Lamarr${u}`);
    await expect(candidateCard(page, `Hedy Lamarr${u}`).getByText('Inventor')).toBeVisible();

    await page.getByRole('button', { name: 'New candidate' }).click();
    await form.getByLabel('First name').fill('Other');
    await form.getByLabel('Email').fill(`HEDY.${u}@radio.test`);
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(form.getByText('A candidate with this email already exists').first()).toBeVisible();
    await form.getByRole('button', { name: 'Show this candidate' }).click();
    await expect(page.getByText('1 candidate(s)')).toBeVisible();
    await expect(candidateCard(page, `Hedy Lamarr${u}`)).toBeVisible();
  });

  test('searches by text, and by tag AND tag OR NOT tag', async ({ page }) => {
    const u = word();
    const [java, senior, junior] = [`Java${u}`, `Senior${u}`, `Junior${u}`];
    await importCandidates([
      ['Ada', `Lovelace${u}`, `ada.${u}@x.test`, `${java}|${senior}`],
      ['Grace', `Hopper${u}`, `grace.${u}@x.test`, `${java}|${junior}`],
      ['Linus', `Torvalds${u}`, `linus.${u}@x.test`, junior],
      ['Margaret', `Hamilton${u}`, `margaret.${u}@x.test`, ''],
    ]);
    await page.reload();
    const search = page.getByRole('searchbox');
    await search.fill(`hopper${u}`.toUpperCase());
    await expect(page.getByText('1 candidate(s)')).toBeVisible();
    await expect(candidateCard(page, `Grace Hopper${u}`)).toBeVisible();
    await search.fill(u);
    await expect(page.getByText('4 candidate(s)')).toBeVisible();

    // (Java AND Senior) OR NOT Junior: Ada (both), Margaret (no Junior).
    await pickInTagBox(page, java, java);
    await expect(page.getByText('2 candidate(s)')).toBeVisible();
    await pickInTagBox(page, '', 'AND');
    await pickInTagBox(page, senior, senior);
    await expect(page.getByText('1 candidate(s)')).toBeVisible();
    await pickInTagBox(page, '', 'OR');
    await pickInTagBox(page, '', 'NOT');
    // Nothing fires while an operator is last.
    await expect(page.getByText('1 candidate(s)')).toBeVisible();
    await pickInTagBox(page, junior, junior);
    await expect(page.getByText('2 candidate(s)')).toBeVisible();
    await expect(candidateCard(page, `Ada Lovelace${u}`)).toBeVisible();
    await expect(candidateCard(page, `Margaret Hamilton${u}`)).toBeVisible();
    // Backspace on the empty box removes the last element: Junior, then NOT, then OR; back to Java AND Senior.
    const box = page.getByRole('textbox', { name: 'Search by tags' });
    await box.press('Backspace');
    await box.press('Backspace');
    await box.press('Backspace');
    await expect(page.getByText('1 candidate(s)')).toBeVisible();
    await page.getByRole('button', { name: 'Clear the tag search' }).click();
    await expect(page.getByText('4 candidate(s)')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('selects two cards and adds them to a job offer at a status; Select all selects the page', async ({
    page,
  }) => {
    const u = word();
    await importCandidates([
      ['Katherine', `Johnson${u}`, `k.${u}@nasa.test`, ''],
      ['Dorothy', `Vaughan${u}`, `d.${u}@nasa.test`, ''],
      ['Mary', `Jackson${u}`, `m.${u}@nasa.test`, ''],
    ]);
    const offerName = unique('Mission engineer');
    const offerId = await createOfferThroughApi(offerName);
    await page.reload();
    await page.getByRole('searchbox').fill(u);
    await expect(page.getByText('3 candidate(s)')).toBeVisible();

    await candidateCard(page, `Katherine Johnson${u}`).click();
    await candidateCard(page, `Dorothy Vaughan${u}`).click();
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Add to job offer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to job offer' });
    await expect(dialog.getByText(/Selected candidates: .*Johnson/)).toBeVisible();
    await dialog.getByPlaceholder('Select a job offer or type to search...').fill(offerName);
    await page.getByRole('option', { name: offerName }).click();
    await expect(dialog.getByRole('button', { name: 'Validate' })).toHaveCount(0);
    await dialog.getByPlaceholder('Please select a status').click();
    await page.getByRole('option', { name: 'Interview' }).click();
    await dialog.getByRole('button', { name: 'Validate' }).click();

    await expect(page.getByText('2 candidates successfully added to job offer')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('0 selected')).toBeVisible();
    expect((await offerCounts(offerId)).Interview).toBe(2);

    await page.getByRole('button', { name: 'Select all' }).click();
    await expect(page.getByText('3 selected')).toBeVisible();
  });
});

test.describe('the candidate database in French', () => {
  test.use({ locale: 'fr-FR' });

  test('searches and shows the cards in French', async ({ page }) => {
    const u = word();
    await importCandidates([['Léa', `Lefèvre${u}`, `lea.${u}@x.test`, `Télétravail${u}`]]);
    await page.goto('/login');
    await page.getByLabel('E-mail').fill('admin@vivier.test');
    await page.getByLabel('Mot de passe', { exact: true }).fill('e2e-admin-password');
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await page.getByRole('link', { name: 'Candidats' }).click();
    await expect(page.getByRole('heading', { name: 'Candidats' })).toBeVisible();
    await expect(page.getByText('0 sélectionné(s)')).toBeVisible();
    // Accents and case ignored.
    await page.getByRole('searchbox').fill(`LEFEVRE${u}`);
    await expect(page.getByText('1 candidat(s)')).toBeVisible();
    await pickInTagBox(page, `télétravail${u}`, `Télétravail${u}`, 'Rechercher par étiquettes');
    await expect(page.getByText('1 candidat(s)')).toBeVisible();
    await pickInTagBox(page, '', 'ET', 'Rechercher par étiquettes');
    await expect(page.getByRole('button', { name: 'Tout sélectionner' })).toBeVisible();
    await page.getByRole('searchbox').fill(`personne${u}`);
    await expect(page.getByText("Il n'y a aucun candidat correspondant à vos critères")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nouveau candidat' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Importer un CSV' })).toBeVisible();
  });
});
