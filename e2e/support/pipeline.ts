import { expect, type Locator, type Page } from '@playwright/test';
import { asAdmin } from './admin-api.ts';
import { runCli } from './fixtures.ts';
import { unique } from './job-offers.ts';

/** The names the demo seed gives its job offers (apps/server/src/modules/demo/seed-words.ts). */
const SEEDED = [
  'Senior backend developer',
  'Frontend developer (React)',
  'Data engineer',
  'Engineering manager',
];

export interface SeededOffer {
  id: number;
  name: string;
}

/**
 * Fills the first licence with the demo seed (4 job offers sharing `candidates` candidates over the pipeline)
 * through the operator CLI, and renames its offers with a unique suffix so no other test's seed is confused
 * with them. Answers the offers, the largest first.
 */
export async function seedOffers(candidates = 40): Promise<SeededOffer[]> {
  const named = async (name: string) => {
    const res = await asAdmin('GET', `/job_offers?per_page=100&filters[search]=${encodeURIComponent(name)}`);
    const { data } = (await res.json()) as { data: { id: number; name: string; candidates_count: number }[] };
    return data.filter((o) => o.name === name);
  };
  // Another spec may have run the seed before (and kept its offers' names): only this run's offers count.
  const earlier = new Set((await Promise.all(SEEDED.map(named))).flat().map((o) => o.id));
  await runCli('seed', '--licence', '1', '--candidates', String(candidates));
  const suffix = unique('').trim();
  const offers: (SeededOffer & { count: number })[] = [];
  for (const seeded of SEEDED) {
    for (const offer of (await named(seeded)).filter((o) => !earlier.has(o.id))) {
      const name = `${seeded} ${suffix}`;
      expect((await asAdmin('PATCH', `/job_offers/${offer.id}`, { job_offer: { name } })).status).toBe(200);
      offers.push({ id: offer.id, name, count: offer.candidates_count });
    }
  }
  expect(offers).toHaveLength(SEEDED.length);
  return offers.sort((a, b) => b.count - a.count);
}

/** The summary's button of a status ('Interview 4'), and its count read as a number. */
export const summaryButton = (page: Page, status: string) =>
  page
    .getByRole('list', { name: 'Candidates per status' })
    .getByRole('button', { name: new RegExp(`^${status} \\d+$`) });

export async function summaryCount(page: Page, status: string): Promise<number> {
  const text = await summaryButton(page, status).innerText();
  return Number(text.trim().split(/\s+/).pop());
}

/** The candidate rows of the list. */
export const rows = (page: Page): Locator =>
  page.getByRole('list', { name: 'Candidates', exact: true }).getByRole('listitem');

/** The status switcher of a row and the status it shows. */
export const switcherOf = (row: Locator) => row.getByRole('combobox', { name: /^Status of / });

/** Opens an offer from the index by its card. */
export async function openOffer(page: Page, offer: SeededOffer): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search' }).fill(offer.name);
  // The index commits its search after 500 ms: a click before would be overtaken by it.
  await expect(page).toHaveURL(/filters%5Bsearch%5D=/);
  await expect(page.getByRole('article')).toHaveCount(1);
  await page
    .getByRole('article', { name: offer.name, exact: true })
    .getByRole('link', { name: offer.name, exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${offer.id}$`));
  await expect(page.getByRole('heading', { name: offer.name, level: 1 })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
}

/** Chooses the list or the board ('List' / 'Board', or 'Liste' / 'Tableau' in French) by its visible label. */
export async function chooseView(page: Page, label: string): Promise<void> {
  await page.getByRole('radiogroup').getByText(label, { exact: true }).click();
  await expect(page.getByRole('radio', { name: label })).toBeChecked();
}
