import { asAdmin } from '../support/admin-api.ts';
import { createOfferThroughApi, importCandidates, offerCounts } from '../support/candidates.ts';
import { expect, signIn, test } from '../support/fixtures.ts';
import { seriousViolations, unique } from '../support/job-offers.ts';
import { rows } from '../support/pipeline.ts';

test.describe.configure({ timeout: 180_000 });

/**
 * Keyboard triage (issue 28): ten candidates of an offer worked with the keys alone: walk with j, move with a
 * digit, undo with u, a note with n, a selection with x and shift+j moved with m, the list of keys with ?.
 */
test('triages ten candidates by keyboard only: move, undo, note, bulk move', async ({ page }) => {
  const tag = unique('').trim().replace(/\W+/g, '').toLowerCase();
  const last = `Triage${tag}`;
  const offerName = unique('Triage offer');
  const offerId = await createOfferThroughApi(offerName);
  await importCandidates(
    Array.from(
      { length: 10 },
      (_, i) => [`Person${i}`, last, `p${i}${tag}@triage.test`, ''] as [string, string, string, string],
    ),
  );
  const found = await asAdmin('GET', `/candidates/search?per_page=20&filters[search]=${last}`);
  const ids = ((await found.json()) as { data: { id: number }[] }).data.map((c) => c.id);
  expect(ids).toHaveLength(10);
  const offer = (await (await asAdmin('GET', `/job_offers/${offerId}`)).json()) as {
    summary: { statuses: { id: number; index: number; name: string }[] };
  };
  const [first, second, third] = [...offer.summary.statuses].sort((a, b) => a.index - b.index);
  if (!first || !second || !third) throw new Error('no pipeline');
  const created = await asAdmin('POST', '/job_applications/bulk_create', {
    job_offer_id: offerId,
    status_id: first.id,
    candidates_ids: ids,
  });
  expect(created.status).toBe(201);

  await signIn(page);
  await page.goto(`/jobs/${offerId}`);
  await expect(rows(page)).toHaveCount(10);
  const names = (await rows(page).getByRole('button', { pressed: false }).allInnerTexts())
    .map((text) => text.split('\n')[0]?.trim() ?? '')
    .filter((text) => text.startsWith('Person'));
  expect(names).toHaveLength(10);
  const panel = page.getByRole('region', { name: 'Candidate details' });
  const live = page.getByRole('status').filter({ hasText: /moved to|selected|in the selection/ });
  const showing = async (i: number) => {
    await expect(panel.getByRole('heading', { name: names[i], level: 2 })).toBeVisible();
    await expect(
      page.getByRole('button', { name: new RegExp(names[i] ?? '-'), pressed: true }),
    ).toBeFocused();
  };

  // 1: j opens the first candidate (the panel follows, the row has the focus), 2 moves, u undoes.
  await page.keyboard.press('j');
  await showing(0);
  await page.keyboard.press('2');
  await expect(page.getByText(`Moved to ${second.name}.`, { exact: true })).toBeVisible();
  await expect(live).toHaveText(`${names[0]} moved to ${second.name}.`);
  await page.keyboard.press('u');
  await expect(page.getByText('Move undone.', { exact: true })).toBeVisible();
  await expect.poll(async () => (await offerCounts(offerId))[second.name]).toBe(0);

  // 2: a note, typed and saved with the keyboard.
  await page.keyboard.press('j');
  await showing(1);
  await page.keyboard.press('n');
  const editor = panel.getByRole('textbox', { name: 'Note' });
  await expect(editor).toBeFocused();
  await page.keyboard.type('Strong profile, call back');
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: 'Save note' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Note added.', { exact: true })).toBeVisible();
  await expect(panel.getByText('Strong profile, call back')).toBeVisible();

  // 3 to 5: x selects, shift+j extends, m moves the selection to the third status in one call.
  await page.keyboard.press('j');
  await showing(2);
  await page.keyboard.press('x');
  await expect(live).toHaveText(`${names[2]} selected, 1 in the selection.`);
  await page.keyboard.press('Shift+J');
  await page.keyboard.press('Shift+J');
  await showing(4);
  await expect(page.getByText('3 selected', { exact: true })).toBeVisible();
  await page.keyboard.press('m');
  const dialog = page.getByRole('dialog', { name: 'Move 3 selected candidates' });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('3');
  await expect(live).toHaveText(`3 candidates moved to ${third.name}.`);
  await expect(dialog).toBeHidden();

  // 6 to 10: j then 2, one after the other.
  for (let i = 5; i < 10; i += 1) {
    await page.keyboard.press('j');
    await showing(i);
    await page.keyboard.press('2');
    await expect(live).toHaveText(`${names[i]} moved to ${second.name}.`);
  }
  await expect
    .poll(async () => {
      const counts = await offerCounts(offerId);
      return [counts[first.name], counts[second.name], counts[third.name]];
    })
    .toEqual([2, 5, 3]);

  // Keys typed in the search box stay there; ? lists every key.
  await page.keyboard.press('/');
  const search = page.getByRole('searchbox', { name: 'Search a candidate' });
  await expect(search).toBeFocused();
  await page.keyboard.type('jx');
  await expect(search).toHaveValue('jx');
  await page.keyboard.press('Escape');
  await search.fill('');
  await search.blur();
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help.getByText('Move the selected candidates')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

/** The command palette (issue 28): Ctrl + K from any screen, a candidate reached by name, in both languages. */
test('opens the command palette with Ctrl + K and reaches a candidate by name', async ({ page }) => {
  const tag = unique('').trim().replace(/\W+/g, '').toLowerCase();
  const last = `Palette${tag}`;
  await importCandidates([['Grace', last, `grace${tag}@palette.test`, '']]);
  await signIn(page);
  await page.goto('/jobs');
  await expect(page.getByRole('heading', { name: 'Job offers', level: 1 })).toBeVisible();
  await page.keyboard.press('Control+K');
  const input = page.getByRole('textbox', { name: 'Search a job offer, a candidate or an action' });
  await expect(input).toBeFocused();
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('button', { name: 'New job offer' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await input.fill(last);
  await expect(palette.getByRole('button', { name: new RegExp(`Grace ${last}`) })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/candidates\?filters%5Bsearch%5D=/);
  await expect(page.getByRole('article', { name: `Grace ${last}`, exact: true })).toBeVisible();

  // The language switch is an action too; the palette then speaks French.
  await page.keyboard.press('Control+K');
  await page.getByRole('textbox', { name: 'Search a job offer, a candidate or an action' }).fill('Fran');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: 'Candidats' })).toBeVisible();
  await page.keyboard.press('Control+K');
  await expect(
    page.getByRole('textbox', { name: 'Rechercher une offre, un candidat ou une action' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
});
