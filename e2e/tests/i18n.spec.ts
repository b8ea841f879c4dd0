import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/e2e-env.ts';
import { expect, test } from '../support/fixtures.ts';

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('a French browser sees French text, in the layout too', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('button', { name: 'Se connecter', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Se connecter avec Google' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Mot de passe oublié' })).toBeVisible();
    await page.getByLabel('E-mail').fill(ADMIN_EMAIL);
    await page.getByLabel('Mot de passe', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Échec de la connexion, veuillez vérifier votre e-mail et votre mot de passe',
    );
    await page.getByLabel('Mot de passe', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await expect(page.getByRole('heading', { name: "Offres d'emploi" })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu.getByRole('link')).toHaveText([
      "Offres d'emploi",
      'Candidats',
      'Rapports',
      'Entretiens',
      'Utilisateurs',
      'Paramètres',
      "Journal d'audit",
      'Déconnexion',
    ]);
    await expect(page.getByText('Type de licence :')).toBeVisible();
  });

  test('the language chosen in the menu overrides the browser and is kept', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(ADMIN_EMAIL);
    await page.getByLabel('Mot de passe', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await page.getByLabel('Langue').selectOption('en');
    await expect(page.getByRole('heading', { name: 'Job offers' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Job offers' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test.describe('in English', () => {
  test.use({ locale: 'en-GB' });

  test('an English browser sees English text', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with Microsoft' })).toBeVisible();
    await expect(page.getByText('Se connecter')).toHaveCount(0);
  });
});

test.describe('in another language', () => {
  test.use({ locale: 'de-DE' });

  test('falls back to English', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });
});
