import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { candidateCard } from '../support/candidates.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/e2e-env.ts';
import { expect, signIn, test } from '../support/fixtures.ts';
import { unique } from '../support/job-offers.ts';

/** A word no other test uses, so searches in the suite's shared database find only this test's people. */
const word = () => unique('f').replace(/\s/g, '').toLowerCase();

test.describe('importing files as spreadsheets save them', () => {
  test('a Windows-1252 file keeps its accents: the encoding shown and changeable, the preview decoded', async ({
    page,
  }) => {
    const u = word();
    // What Excel on Windows writes for "CSV (séparateur: point-virgule)": one byte per accented letter.
    const bytes = Buffer.from(`Prénom;Nom;E-mail\nHélène;Lefèvre${u};helene.${u}@excel.test\n`, 'latin1');
    await signIn(page);
    await page.getByRole('link', { name: 'Candidates' }).click();
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import candidates from a CSV file' });
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'excel.csv', mimeType: 'text/csv', buffer: bytes });

    const encoding = dialog.getByRole('combobox', { name: 'File encoding' });
    await expect(encoding).toHaveValue('Windows-1252 (Excel on Windows)');
    await expect(dialog.getByLabel('First name')).toHaveValue('Prénom');
    await expect(dialog.getByRole('cell', { name: 'Hélène', exact: true })).toBeVisible();
    // Read as UTF-8 the same bytes are not letters: the preview shows it before anything is spent.
    await encoding.click();
    await page.getByRole('option', { name: 'UTF-8 (most files)' }).click();
    await expect(dialog.getByRole('cell', { name: 'H\uFFFDl\uFFFDne', exact: true })).toBeVisible();
    await encoding.click();
    await page.getByRole('option', { name: 'Windows-1252 (Excel on Windows)' }).click();
    await expect(dialog.getByRole('cell', { name: 'Hélène', exact: true })).toBeVisible();

    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog.getByText('1 created')).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('searchbox').fill(u);
    await expect(candidateCard(page, `Hélène Lefèvre${u}`)).toBeVisible();
  });
});

test.describe('the import report in French', () => {
  test.use({ locale: 'fr-FR' });

  test('words each rejected row in French, on screen and in the downloaded report', async ({ page }) => {
    const u = word();
    const csv = [
      'Prénom;Nom;E-mail;Téléphone',
      `Ada;Lovelace${u};ada.${u}@engine.test;`,
      `Bad;Row${u};pas-un-email;`,
      `Bad;Phone${u};bp.${u}@x.test;appelez-moi`,
      ';;;',
    ].join('\n');
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(ADMIN_EMAIL);
    await page.getByLabel('Mot de passe', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await page.getByRole('link', { name: 'Candidats' }).click();
    await page.getByRole('button', { name: 'Importer un CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importer des candidats depuis un fichier CSV' });
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'gens.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Importer', exact: true }).click();

    await expect(dialog.getByText('Import terminé')).toBeVisible();
    await expect(dialog.getByText('3 rejeté(s)')).toBeVisible();
    await expect(dialog.getByRole('cell', { name: "Format d'email invalide : pas-un-email" })).toBeVisible();
    await expect(
      dialog.getByRole('cell', { name: 'Format de téléphone invalide : appelez-moi' }),
    ).toBeVisible();
    await expect(
      dialog.getByRole('cell', { name: "La ligne n'a ni prénom, ni nom, ni e-mail" }),
    ).toBeVisible();
    await expect(dialog.getByText(/Invalid|format:|The row/)).toHaveCount(0);

    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Télécharger le rapport (CSV)' }).click();
    const report: string[][] = parse(readFileSync(await (await download).path(), 'utf8'));
    expect(report[0]).toEqual(['Ligne', 'Résultat', 'Id du candidat', 'Détail']);
    expect(report.slice(2).map(([row, outcome, , reason]) => [row, outcome, reason])).toEqual([
      ['3', 'rejeté', "Format d'email invalide : pas-un-email"],
      ['4', 'rejeté', 'Format de téléphone invalide : appelez-moi'],
      ['5', 'rejeté', "La ligne n'a ni prénom, ni nom, ni e-mail"],
    ]);
  });
});
