import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/e2e-env.ts';
import { expect, signIn, test } from '../support/fixtures.ts';
import { createUser, seriousViolations, unique } from '../support/job-offers.ts';

test.describe('the users screen', () => {
  test('an admin creates a user, who signs in and sees no Global settings', async ({ page }) => {
    // Two sign-ins, three screens and two accessibility checks.
    test.slow();
    const email = `${unique('new-user').replace(/\s/g, '-')}@vivier.test`.toLowerCase();
    const password = 'a-new-user-password';
    await signIn(page);
    await page.getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    await expect(page.getByText(/^\d+ user\(s\)$/)).toBeVisible();
    // Off the menu: the active link under the pointer is the layout's own matter.
    await page.mouse.move(600, 600);
    // Retried: the menu's active link fades in, and axe may measure it half-way.
    await expect(async () => expect(await seriousViolations(page)).toEqual([])).toPass();

    await page.getByRole('button', { name: 'New user' }).click();
    const form = page.getByRole('form', { name: 'New user' });
    await form.getByLabel('First name').fill('Nina');
    await form.getByLabel('Last name').fill('Newcomer');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await expect(form.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
    await form.getByLabel('Salesforce ID').fill('0035g00000NINA');
    await expect(async () => expect(await seriousViolations(page)).toEqual([])).toPass();
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(form).toHaveCount(0);

    await page.getByRole('searchbox', { name: 'Search' }).fill('nina newcomer');
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toBeVisible();
    await expect(page.getByText('1 user(s)')).toBeVisible();
    await expect(row.getByRole('checkbox', { name: 'Nina Newcomer is an admin' })).not.toBeChecked();
    await row.getByRole('button', { name: 'Edit Nina Newcomer' }).click();
    const editing = page.getByRole('form', { name: 'Editing Nina Newcomer' });
    await expect(editing.getByLabel('Salesforce ID')).toHaveValue('0035g00000NINA');
    await editing.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/logout');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, email, password);
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('button', { name: 'User settings' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(page.getByRole('combobox', { name: 'Export format' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Global settings' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Tag management' })).toHaveCount(0);

    // On the users screen a user adds nobody and changes no role.
    await page.getByRole('link', { name: 'Users' }).click();
    await expect(page.getByText(/^\d+ user\(s\)$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'New user' })).toHaveCount(0);
    const mine = page.getByRole('row').filter({ hasText: email });
    await expect(mine.getByRole('checkbox', { name: 'Nina Newcomer is an admin' })).toBeDisabled();
  });
});

test.describe('a role change', () => {
  test('asks first, naming the person and the new role, then confirms with a toast', async ({ page }) => {
    // A sign-in, a reload and three role questions.
    test.slow();
    const email = `${unique('role').replace(/\s/g, '-')}@vivier.test`.toLowerCase();
    await createUser(email, 'a-role-change-password', 'Rosa', 'Promoted');
    await signIn(page);
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(email);
    const row = page.getByRole('row').filter({ hasText: email });
    const box = row.getByRole('checkbox', { name: 'Rosa Promoted is an admin' });
    await expect(box).not.toBeChecked();

    // One click only asks; Cancel changes nothing.
    await box.click();
    const question = page.getByRole('dialog', { name: 'Make Rosa Promoted an admin?' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toHaveCount(0);
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search' }).fill(email);
    await expect(box).not.toBeChecked();

    await box.click();
    await page
      .getByRole('dialog', { name: 'Make Rosa Promoted an admin?' })
      .getByRole('button', { name: 'Change the role' })
      .click();
    await expect(page.getByText("Rosa Promoted's role is now Admin")).toBeVisible();
    await expect(box).toBeChecked();

    await box.click();
    await page
      .getByRole('dialog', { name: 'Make Rosa Promoted a user?' })
      .getByRole('button', { name: 'Change the role' })
      .click();
    await expect(page.getByText("Rosa Promoted's role is now User")).toBeVisible();
    await expect(box).not.toBeChecked();
  });
});

test.describe('the users screen in French', () => {
  test.use({ locale: 'fr-FR' });

  test('shows its texts in French', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(ADMIN_EMAIL);
    await page.getByLabel('Mot de passe', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await expect(page.getByRole('heading', { name: "Offres d'emploi" })).toBeVisible();
    await page.getByRole('link', { name: 'Utilisateurs' }).click();
    await expect(page.getByRole('heading', { name: 'Utilisateurs' })).toBeVisible();
    await expect(page.getByText(/^\d+ utilisateur\(s\)$/)).toBeVisible();
    await expect(page.getByRole('columnheader')).toHaveText([
      'Photo',
      'Prénom',
      'Nom',
      'Rôle',
      'E-mail',
      'Actions',
    ]);
    await expect(page.getByRole('checkbox', { name: /est administrateur$/ }).first()).toBeVisible();

    await page.getByRole('button', { name: 'Nouvel utilisateur' }).click();
    const form = page.getByRole('form', { name: 'Nouvel utilisateur' });
    await expect(form.getByLabel('Prénom')).toBeVisible();
    await expect(form.getByLabel('Mot de passe', { exact: true })).toHaveAttribute('type', 'password');
    await expect(form.getByText('Administrateur')).toBeVisible();
    await expect(form.getByText('Autre')).toBeVisible();
    await expect(form.getByLabel('ID Salesforce')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Créer' })).toBeVisible();
    await expect(async () => expect(await seriousViolations(page)).toEqual([])).toPass();
    await form.getByRole('button', { name: 'Annuler' }).click();

    await page.getByRole('searchbox', { name: 'Rechercher' }).fill('personne ne porte ce nom');
    await expect(page.getByText("Il n'y a aucun utilisateur correspondant à vos critères")).toBeVisible();
    await expect(page.getByText('0 utilisateur(s)')).toBeVisible();
  });
});
