import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { runCli } from './fixtures.ts';

/** A name no other test uses, so the suite's shared database never confuses two offers. */
export const unique = (label: string): string =>
  `${label} ${Date.now().toString(36)}${Math.round(Math.random() * 1e4)}`;

/** The count badge of the index, read as a number ('12 offer(s)' / '12 offre(s)'). */
export async function offerCount(page: Page): Promise<number> {
  const badge = page.getByText(/^\d+ (offer|offre)\(s\)$/);
  await expect(badge).toBeVisible();
  return Number((await badge.textContent())?.split(' ')[0]);
}

/** A card of the index, found by the offer's name. */
export const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/** Picks a company in the open form, creating it when it does not exist yet. */
export async function setCompany(page: Page, form: Locator, company: string): Promise<void> {
  await form.getByRole('textbox', { name: 'Company' }).fill(company);
  const existing = page.getByRole('option', { name: company, exact: true });
  const create = page.getByRole('option', { name: `Create and set company: ${company}` });
  await expect(existing.or(create)).toBeVisible();
  await ((await existing.isVisible()) ? existing : create).click();
  await expect(form.getByRole('textbox', { name: 'Company' })).toHaveValue(company);
}

/** Adds a tag in the open form through '+', creating it when it does not exist yet. */
export async function addTag(page: Page, form: Locator, tag: string): Promise<void> {
  const search = form.getByRole('textbox', { name: 'Select a tag or type to search...' });
  if (!(await search.isVisible())) await form.getByRole('button', { name: 'Add a tag' }).click();
  await search.fill(tag);
  await page.getByRole('option', { name: `Create and add tag: ${tag}` }).click();
  await expect(form.getByText(tag, { exact: true })).toBeVisible();
}

/** Creates an offer through the add button and the form, and waits for its card. */
export async function createOffer(
  page: Page,
  name: string,
  options: { company?: string; tag?: string } = {},
): Promise<void> {
  await page.getByRole('button', { name: 'New job offer' }).click();
  const form = page.getByRole('form', { name: 'New job offer' });
  await form.getByLabel('Name').fill(name);
  if (options.company) await setCompany(page, form, options.company);
  if (options.tag) await addTag(page, form, options.tag);
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form).toHaveCount(0);
  await expect(card(page, name)).toBeVisible();
}

/** Creates a user of the first licence with the operator CLI. */
export async function createUser(email: string, password: string, firstName: string, lastName: string) {
  await runCli(
    'user:create',
    '--licence',
    '1',
    '--email',
    email,
    '--password',
    password,
    '--first-name',
    firstName,
    '--last-name',
    lastName,
  );
}

/** Axe's serious and critical violations of the page as it is now. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
