import { expect, type Page } from '@playwright/test';
import { callAs } from './admin-api.ts';
import { runCli } from './fixtures.ts';
import { unique } from './job-offers.ts';

export type SeededOrganisation = { email: string; password: string; licenceId: number };

/**
 * A licence of its own filled with the demo data (`npm run cli -- licence:create` then `seed`): job offers with
 * candidates spread over the pipeline, accents in names and schools. Its own licence keeps the other tests'
 * offers and counts untouched.
 */
export async function seededOrganisation(candidates = 40): Promise<SeededOrganisation> {
  const email = `${unique('admin').replace(/\W+/g, '-').toLowerCase()}@copy-export.test`;
  const password = 'copy-export-password';
  const created = await runCli(
    'licence:create',
    '--name',
    unique('Copy and export'),
    '--credits',
    '100',
    '--plan',
    'demo',
    '--admin-email',
    email,
    '--admin-password',
    password,
  );
  const licenceId = Number(created.match(/Created licence (\d+)/)?.[1]);
  if (!licenceId) throw new Error(`licence:create said: ${created}`);
  await runCli('seed', '--licence', String(licenceId), '--candidates', String(candidates));
  return { email, password, licenceId };
}

/** The status checkboxes of the copy or export screen, read as {name, count, checked}, in pipeline order. */
export async function statusChoices(page: Page) {
  const boxes = page.getByRole('group', { name: /Statuses to|Statuts à/ }).getByRole('checkbox');
  await expect(boxes.first()).toBeVisible();
  const choices: { name: string; count: number; checked: boolean }[] = [];
  for (const box of await boxes.all()) {
    const label = (await box.getAttribute('aria-label')) ?? (await accessibleName(page, box));
    const match = label.match(/^(.*) \((\d+)\)$/);
    if (!match?.[1] || match[2] === undefined) throw new Error(`status checkbox named '${label}'`);
    choices.push({ name: match[1], count: Number(match[2]), checked: await box.isChecked() });
  }
  return choices;
}

async function accessibleName(page: Page, box: ReturnType<Page['getByRole']>) {
  const id = await box.getAttribute('id');
  return (await page.locator(`label[for="${id}"]`).textContent())?.trim() ?? '';
}

/** The per-status counts the job offer screen shows ('Candidates per status'), for the statuses named. */
export async function statusCounts(page: Page, names: string[]) {
  const list = page.getByRole('list', { name: 'Candidates per status' });
  await expect(list).toBeVisible();
  const counts = new Map<string, number>();
  for (const name of names) {
    const item = list.getByRole('listitem').filter({ hasText: name });
    const text = (await item.textContent())?.trim() ?? '';
    counts.set(name, Number(text.slice(name.length).trim()));
  }
  return counts;
}

/** Calls the API as the organisation's admin (set-up steps a test is not about). */
export async function asOrganisation(
  org: SeededOrganisation,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  return callAs(org, method, path, body);
}
