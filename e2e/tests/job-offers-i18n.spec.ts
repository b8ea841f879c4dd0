import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/e2e-env.ts';
import { expect, signIn, test } from '../support/fixtures.ts';
import { card, createOffer, seriousViolations, unique } from '../support/job-offers.ts';

test.describe('the job offers screen in French', () => {
  test.use({ locale: 'fr-FR' });

  test('creates, finds and archives an offer in French', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(ADMIN_EMAIL);
    await page.getByLabel('Mot de passe', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await expect(page.getByRole('heading', { name: "Offres d'emploi" })).toBeVisible();
    await expect(page.getByText(/^\d+ offre\(s\)$/)).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Toutes' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Archivées' })).not.toBeChecked();

    const name = unique('Développeuse');
    const company = unique('Société');
    await page.getByRole('button', { name: "Nouvelle offre d'emploi" }).click();
    const form = page.getByRole('form', { name: "Nouvelle offre d'emploi" });
    await expect(form.getByText("Cette offre d'emploi n'a pas d'étiquette...")).toBeVisible();
    await form.getByLabel('Nom').fill(name);
    await form.getByRole('textbox', { name: 'Entreprise' }).fill(company);
    await page.getByRole('option', { name: `Créer et choisir l'entreprise : ${company}` }).click();
    await form.getByRole('button', { name: 'Ajouter une étiquette' }).click();
    const tag = unique('Télétravail');
    await form
      .getByRole('textbox', { name: 'Choisissez une étiquette ou tapez pour rechercher...' })
      .fill(tag);
    await page.getByRole('option', { name: `Créer et ajouter l'étiquette : ${tag}` }).click();
    await form.getByRole('button', { name: 'Créer' }).click();

    const offer = page.getByRole('article', { name, exact: true });
    await expect(offer).toBeVisible();
    const today = new Intl.DateTimeFormat('fr-FR', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone: 'UTC',
    }).format(new Date());
    await expect(offer.getByText(`Créée le ${today}`)).toBeVisible();
    // The form closes once its tags are attached, after the offer is listed: search once it has. (Typing a search
    // while the form still saves once lost the search, stop 38's CI: the close's address change, built from the
    // address of the click, drops the search committed meanwhile: a race left open, in stop 38's note.)
    await expect(form).toBeHidden();

    await page.getByRole('searchbox', { name: 'Rechercher' }).fill('aucune offre ne porte ce nom');
    await expect(page.getByText("Il n'y a aucune offre d'emploi correspondant à vos critères")).toBeVisible();
    await page.getByRole('searchbox', { name: 'Rechercher' }).fill('');

    await offer.getByRole('button', { name: `Plus d'actions pour ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Archiver' }).click();
    await expect(offer).toHaveCount(0);
    await page.getByRole('switch', { name: 'Archivées' }).click();
    await expect(page.getByRole('switch', { name: 'Archivées' })).toBeChecked();
    await offer.getByRole('button', { name: `Plus d'actions pour ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Supprimer' }).click();
    await expect(page.getByRole('dialog').getByText('Êtes-vous sûr ?')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Ok', exact: true }).click();
    await expect(offer).toHaveCount(0);
  });
});

test.describe('server errors in French', () => {
  test.use({ locale: 'fr-FR' });

  test("an empty name says so in French, in the app's words, never the server's", async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(ADMIN_EMAIL);
    await page.getByLabel('Mot de passe', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await expect(page.getByRole('heading', { name: "Offres d'emploi" })).toBeVisible();

    const saved = page.waitForResponse(
      (response) => response.url().includes('/api/job_offers') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: "Nouvelle offre d'emploi" }).click();
    const form = page.getByRole('form', { name: "Nouvelle offre d'emploi" });
    await form.getByRole('button', { name: 'Créer' }).click();
    expect((await saved).status()).toBe(400);
    const toast = page.getByRole('alert').filter({ hasText: "L'offre d'emploi n'a pas pu être enregistrée" });
    await expect(toast).toHaveText(
      "L'offre d'emploi n'a pas pu être enregistrée : le champ « Nom » ne doit pas être vide",
    );
    await expect(page.getByText(/validation_error|Invalid request|must not be empty/)).toHaveCount(0);
    // The form stays open with what was typed, for the person to fix.
    await expect(form).toBeVisible();
  });
});

test.describe('accessibility of the job offers screen (axe)', () => {
  test('no serious or critical violation with cards and the form open', async ({ page }) => {
    await signIn(page);
    const name = unique('Accessible');
    await createOffer(page, name, { tag: unique('a11y') });
    await expect(card(page, name)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'New job offer' }).click();
    const form = page.getByRole('form', { name: 'New job offer' });
    await form.getByRole('button', { name: 'Add a tag' }).click();
    await expect(form.getByRole('textbox', { name: 'Select a tag or type to search...' })).toBeVisible();
    await card(page, name)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    await expect(page.getByRole('form', { name: 'Edit job offer' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
