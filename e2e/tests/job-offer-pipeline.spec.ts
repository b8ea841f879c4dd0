import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/e2e-env.ts';
import { expect, signIn, test } from '../support/fixtures.ts';
import { seriousViolations, unique } from '../support/job-offers.ts';
import {
  chooseView,
  openOffer,
  rows,
  type SeededOffer,
  seedOffers,
  summaryButton,
  summaryCount,
  switcherOf,
} from '../support/pipeline.ts';

// A recruiter works a job offer's pipeline (issue 8): filter, search, move in the list and on the board,
// delete, contacts, tags, and the candidate's other applications.
let offers: SeededOffer[];
// Long flows on a machine whose 2 cores are shared: more than the default minute each.
test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  offers = await seedOffers(40);
});

test.describe('the job offer screen', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('opens an offer, filters on a status, searches, and has no serious accessibility violation', async ({
    page,
  }) => {
    const [offer] = offers;
    if (!offer) throw new Error('no offer');
    await openOffer(page, offer);
    await expect(page.getByRole('main').getByRole('link', { name: 'Job offers' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search a candidate' })).toBeVisible();
    const total = await summaryCount(page, 'All statuses');
    await expect(page.getByText(`${total} candidate(s)`)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Filter on the status of the first row: every row then shows it.
    const status = await switcherOf(rows(page).first()).inputValue();
    const inStatus = await summaryCount(page, status);
    await summaryButton(page, status).click();
    await expect(page).toHaveURL(/filters%5BstatusId%5D=\d+|filters\[statusId\]=\d+/);
    await expect(page.getByText(`${inStatus} candidate(s)`)).toBeVisible();
    // The rows are read once the filtered page has replaced the unfiltered one (10 per page): reading them
    // sooner listed rows that were gone by the time each was checked (a CI run's failure).
    await expect(rows(page)).toHaveCount(Math.min(inStatus, 10));
    for (const row of await rows(page).all()) await expect(switcherOf(row)).toHaveValue(status);

    // Search the first candidate's last name: found, then nothing for a made-up name.
    await summaryButton(page, 'All statuses').click();
    const name = (await rows(page).first().getByRole('button').first().innerText()).split('\n')[0] ?? '';
    const lastName = name.split(' ').pop() ?? '';
    await page.getByRole('searchbox', { name: 'Search a candidate' }).fill(lastName);
    await expect(page).toHaveURL(/filters%5Bsearch%5D=|filters\[search\]=/);
    await expect(rows(page).first()).toContainText(lastName);
    await page.getByRole('searchbox', { name: 'Search a candidate' }).fill('nobody has this name');
    await expect(page.getByText('There is no candidate matching your criteria')).toBeVisible();
  });

  test("deletes candidates with 'Are you sure?' and steps back a page when the last one empties", async ({
    page,
  }) => {
    const offer = offers[0];
    if (!offer) throw new Error('no offer');
    await openOffer(page, offer);
    const total = await summaryCount(page, 'All statuses');
    expect(total).toBeGreaterThan(10);
    const lastPage = Math.ceil(total / 10);
    await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('button', { name: `Page ${lastPage}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`page=${lastPage}`));
    const onLastPage = total - (lastPage - 1) * 10;
    await expect(rows(page)).toHaveCount(onLastPage);
    for (let left = onLastPage; left > 0; left--) {
      await rows(page)
        .first()
        .getByRole('button', { name: /^Remove .* from this job offer$/ })
        .click();
      await expect(page.getByText('Are you sure?')).toBeVisible();
      await page.getByRole('button', { name: 'Ok', exact: true }).click();
      await expect(summaryButton(page, 'All statuses')).toHaveAccessibleName(
        `All statuses ${total - (onLastPage - left) - 1}`,
      );
    }
    // The emptied page stepped back to the one before, full.
    await expect(page).toHaveURL(lastPage - 1 > 1 ? new RegExp(`page=${lastPage - 1}`) : /\/jobs\/\d+$/);
    await expect(rows(page)).toHaveCount(10);
  });

  test('adds and deletes a contact with a wrong then a right value, and tags the candidate', async ({
    page,
  }) => {
    const offer = offers[2];
    if (!offer) throw new Error('no offer');
    await openOffer(page, offer);
    await rows(page).first().getByRole('button').first().click();
    const panel = page.getByRole('region', { name: 'Candidate details' });
    await expect(panel.getByRole('heading', { level: 2 })).toBeVisible();

    const email = `${unique('person').replace(/\s+/g, '.').toLowerCase()}@example.com`;
    await panel.getByRole('textbox', { name: 'New email' }).fill('not an email');
    await panel.getByRole('button', { name: 'Add email' }).click();
    await expect(panel.getByText('Invalid email format')).toBeVisible();
    await panel.getByRole('textbox', { name: 'New email' }).fill(email);
    await panel.getByRole('button', { name: 'Add email' }).click();
    await expect(panel.getByRole('button', { name: `Delete ${email}` })).toBeAttached();

    await panel.getByRole('textbox', { name: 'New phone' }).fill('phone');
    await panel.getByRole('button', { name: 'Add phone' }).click();
    await expect(panel.getByText('Invalid phone format')).toBeVisible();
    await panel.getByRole('textbox', { name: 'New phone' }).fill('+33 6 98 76 54 32');
    await panel.getByRole('button', { name: 'Add phone' }).click();
    await expect(panel.getByRole('link', { name: '+33 6 98 76 54 32' })).toBeVisible();
    await panel.getByRole('button', { name: 'Delete +33 6 98 76 54 32' }).click();
    await expect(panel.getByRole('link', { name: '+33 6 98 76 54 32' })).toHaveCount(0);

    const tag = unique('Pipeline tag');
    await panel.getByRole('button', { name: 'Add a tag' }).click();
    await panel.getByRole('textbox', { name: 'Select a tag or type to search...' }).fill(tag);
    await page.getByRole('option', { name: `Create and add tag: ${tag}` }).click();
    await expect(panel.getByRole('button', { name: `Remove tag ${tag}` })).toBeVisible();
    // Closed and opened again, the panel reads the candidate from the server.
    await panel.getByRole('button', { name: 'Close the candidate details' }).click();
    await expect(panel.getByText('Select a candidate to see the details.')).toBeVisible();
    await rows(page).first().getByRole('button').first().click();
    await expect(panel.getByRole('button', { name: `Remove tag ${tag}` })).toBeVisible();
    await page.getByRole('button', { name: `Remove tag ${tag}` }).click();
    await expect(page.getByRole('button', { name: `Remove tag ${tag}` })).toHaveCount(0);
  });

  test("follows an 'other application' link to the candidate in another offer", async ({ page }) => {
    const offer = offers[0];
    if (!offer) throw new Error('no offer');
    await openOffer(page, offer);
    const panel = page.getByRole('region', { name: 'Candidate details' });
    const others = panel.getByRole('heading', { name: 'Other job applications' });
    // The seed puts about a third of its candidates in each offer: look for one in another offer too.
    for (const row of await rows(page).all()) {
      await row.getByRole('button').first().click();
      await expect(others).toBeVisible();
      const links = panel
        .getByRole('link')
        .filter({ hasText: new RegExp(offers.map((o) => o.name).join('|')) });
      await expect(panel.getByText('No other job application').or(links.first())).toBeVisible();
      if ((await links.count()) === 0) continue;
      const name = await panel.getByRole('heading', { level: 2 }).innerText();
      const target = await links.first().innerText();
      await links.first().click();
      await expect(page.getByRole('heading', { name: target, level: 1 })).toBeVisible();
      await expect(page).toHaveURL(/\?candidate=\d+$/);
      await expect(
        page.getByRole('region', { name: 'Candidate details' }).getByRole('heading', { level: 2 }),
      ).toHaveText(name);
      return;
    }
    throw new Error('no candidate of this offer is in another one');
  });
});

// The board's six columns side by side: the mouse drags to a column it can see.
test.describe('the job offer board', () => {
  test.use({ viewport: { width: 1920, height: 1080 } });

  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('moves a candidate with the switcher and on the board (mouse and keyboard); both counts change', async ({
    page,
  }) => {
    const offer = offers[1];
    if (!offer) throw new Error('no offer');
    await openOffer(page, offer);
    const row = rows(page).first();
    const from = await switcherOf(row).inputValue();
    const to = from === 'Hired' ? 'Offer' : 'Hired';
    const [fromCount, toCount] = [await summaryCount(page, from), await summaryCount(page, to)];
    await switcherOf(row).click();
    await page.getByRole('option', { name: to }).click();
    await expect(summaryButton(page, from)).toHaveAccessibleName(`${from} ${fromCount - 1}`);
    await expect(summaryButton(page, to)).toHaveAccessibleName(`${to} ${toCount + 1}`);
    // The server agrees: the index's card, fetched again, has the same count.
    await page.getByRole('main').getByRole('link', { name: 'Job offers' }).click();
    await page.goBack();
    await expect(summaryButton(page, to)).toHaveAccessibleName(`${to} ${toCount + 1}`);

    // The board: drag the first card of 'Hired' to 'Rejected' with the mouse, and say why.
    await chooseView(page, 'Board');
    const board = page.getByRole('group', { name: 'Pipeline board' });
    const column = (status: string) =>
      board.getByRole('region', { name: new RegExp(`^${status} \\(\\d+\\)$`) });
    const card = column('Hired').getByRole('button').first();
    await expect(card).toBeVisible();
    const carried = (await card.innerText()).split('\n')[0] ?? '';
    const [hired, rejected] = [await summaryCount(page, 'Hired'), await summaryCount(page, 'Rejected')];
    const start = await card.boundingBox();
    const target = await column('Rejected').boundingBox();
    if (!start || !target) throw new Error('no boxes');
    await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
    await page.mouse.down();
    await page.mouse.move(start.x + start.width / 2 + 20, start.y + start.height / 2, { steps: 5 });
    await page.mouse.move(target.x + target.width / 2, target.y + 60, { steps: 15 });
    await page.mouse.up();
    // 'Rejected' is marked rejected (decision 228): the drop asks why first, and 'Reject' needs an answer.
    const prompt = page.getByRole('dialog', { name: /^Why is .+ rejected\?$/ });
    await expect(prompt.getByRole('button', { name: 'Reject' })).toBeDisabled();
    await prompt.getByRole('textbox', { name: /^Details/ }).fill('Chose another offer');
    await prompt.getByRole('button', { name: 'Reject' }).click();
    await expect(prompt).toBeHidden();
    await expect(
      column('Rejected')
        .getByRole('button', { name: new RegExp(carried) })
        .first(),
    ).toBeVisible();
    await expect(summaryButton(page, 'Hired')).toHaveAccessibleName(`Hired ${hired - 1}`);
    await expect(summaryButton(page, 'Rejected')).toHaveAccessibleName(`Rejected ${rejected + 1}`);

    // The keyboard: Space picks the first 'Rejected' card up, the left arrow goes to 'Hired', Space drops.
    const back = column('Rejected').getByRole('button').first();
    await back.focus();
    await page.keyboard.press('Space');
    // Each step is announced (a live region): picked up, over a column, dropped.
    await expect(page.getByText(/ is over Rejected\.$/)).toBeAttached();
    // dnd-kit's keyboard sensor starts listening for the arrows in a zero-delay timer set at the pick-up; the
    // announcement above renders through React's scheduler, which can run first on a loaded machine (CI's one
    // failure of this test, stop 49: the arrow came before the listener). A timer set now runs after that one.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByText(/ is over Hired\.$/)).toBeAttached();
    await page.keyboard.press('Space');
    await expect(page.getByText(/ was moved to Hired\.$/)).toBeAttached();
    await expect(summaryButton(page, 'Hired')).toHaveAccessibleName(`Hired ${hired}`);
    await expect(summaryButton(page, 'Rejected')).toHaveAccessibleName(`Rejected ${rejected}`);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('the job offer screen in French', () => {
  test.use({ locale: 'fr-FR' });

  test('shows the pipeline in French and moves a candidate', async ({ page }) => {
    const offer = offers[3];
    if (!offer) throw new Error('no offer');
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(ADMIN_EMAIL);
    await page.getByLabel('Mot de passe', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await expect(page.getByRole('heading', { name: "Offres d'emploi" })).toBeVisible();
    await page.goto(`/jobs/${offer.id}`);
    await expect(page.getByRole('searchbox', { name: 'Rechercher un candidat' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Exporter' })).toBeVisible();
    const row = page.getByRole('list', { name: 'Candidats', exact: true }).getByRole('listitem').first();
    await expect(row.getByRole('combobox', { name: /^Statut de / })).toBeVisible();
    const switcher = row.getByRole('combobox', { name: /^Statut de / });
    const to = (await switcher.inputValue()) === 'Hired' ? 'Offer' : 'Hired';
    const summary = page.getByRole('list', { name: 'Candidats par statut' });
    const toButton = summary.getByRole('button', { name: new RegExp(`^${to} \\d+$`) });
    const toCount = Number((await toButton.innerText()).trim().split(/\s+/).pop());
    await switcher.click();
    await page.getByRole('option', { name: to }).click();
    await expect(toButton).toHaveAccessibleName(`${to} ${toCount + 1}`);
    await row.getByRole('button', { name: /^Retirer .* de cette offre d'emploi$/ }).click();
    await expect(page.getByText('Êtes-vous sûr ?')).toBeVisible();
    await page.getByRole('button', { name: 'Annuler' }).click();
    await chooseView(page, 'Tableau');
    await expect(page.getByRole('group', { name: 'Tableau du processus de recrutement' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Rechercher un candidat' }).fill('personne ne porte ce nom');
    await expect(page).toHaveURL(/filters%5Bsearch%5D=|filters\[search\]=/);
    await chooseView(page, 'Liste');
    await expect(page.getByRole('searchbox', { name: 'Rechercher un candidat' })).toHaveValue(
      'personne ne porte ce nom',
    );
    await expect(page.getByText("Il n'y a aucun candidat correspondant à vos critères")).toBeVisible();
  });
});
