import { expect, type Page } from '@playwright/test';
import { asAdmin } from './admin-api.ts';

/** Imports candidates over the API: `first,last,email,tags` rows (tags separated by '|'). */
export async function importCandidates(rows: [string, string, string, string][]): Promise<void> {
  const csv = ['first,last,email,tags', ...rows.map((r) => r.map((c) => `"${c}"`).join(','))].join('\n');
  const res = await asAdmin(
    'POST',
    '/candidates/import?mapping[first_name]=0&mapping[last_name]=1&mapping[emails]=2&mapping[tags]=3',
    csv,
    { 'Content-Type': 'text/csv' },
  );
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('"type":"done"');
}

/** Creates a job offer over the API and answers its id. */
export async function createOfferThroughApi(name: string): Promise<number> {
  const res = await asAdmin('POST', '/job_offers', { job_offer: { name } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** The offer's candidates per status name, as its card counts them. */
export async function offerCounts(id: number): Promise<Record<string, number>> {
  const res = await asAdmin('GET', `/job_offers/${id}`);
  const offer = (await res.json()) as { summary: { statuses: { name: string; candidates_count: number }[] } };
  return Object.fromEntries(offer.summary.statuses.map((s) => [s.name, s.candidates_count]));
}

/** A card of the candidate database, by the candidate's name. */
export const candidateCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/** Types in the tag search box and picks the option with that exact name (a tag or an operator). */
export async function pickInTagBox(page: Page, typed: string, option: string, label = 'Search by tags') {
  const box = page.getByRole('textbox', { name: label });
  await box.click();
  if (typed) await box.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}
