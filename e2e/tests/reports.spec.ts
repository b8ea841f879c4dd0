import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { asAdmin } from '../support/admin-api.ts';
import { createOfferThroughApi } from '../support/candidates.ts';
import { expect, signIn, test } from '../support/fixtures.ts';
import { seriousViolations, unique } from '../support/job-offers.ts';

type Status = { id: number; name: string; rejected: boolean };

async function ok(res: Promise<Response>, status = 200) {
  const answer = await res;
  expect(answer.status, await answer.clone().text()).toBe(status);
  return answer;
}

/** The rows of a report's table, as the screen reader reads them: each row's cells' text. */
async function tableRows(page: Page, name: string): Promise<string[][]> {
  const table = page.getByRole('table', { name, exact: true });
  await expect(table).toBeVisible();
  return table
    .getByRole('row')
    .evaluateAll((rows) =>
      rows.slice(1).map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')),
    );
}

/** Downloads a panel's CSV and answers its text. */
async function csvOf(page: Page, title: string): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download CSV: ${title}` }).click();
  const file = await download;
  return { name: file.suggestedFilename(), text: fs.readFileSync(await file.path(), 'utf8') };
}

/**
 * Reports (issue 26): a known history made through the API today (a hire through every status, a skipped
 * status, a move back, a copy to a second offer hired there, a rejection with free text, a note), then each
 * report opened from a shared link, as a table, its CSV downloaded, and its numbers checked.
 */
test.describe('reports', () => {
  test('each report shows the known history, as a chart and a table, and downloads its numbers', async ({
    page,
  }) => {
    test.slow();
    const statuses = ((await (await asAdmin('GET', '/statuses')).json()) as { data: Status[] }).data;
    const status = (name: string) => {
      const found = statuses.find((s) => s.name === name);
      if (!found) throw new Error(`no status ${name}`);
      return found.id;
    };
    // A new licence's 'Rejected' is marked rejected (decision 228): moving there asks why, and it is an outcome.
    expect(statuses.find((s) => s.name === 'Rejected')?.rejected).toBe(true);
    const backend = await createOfferThroughApi(unique('Reports backend'));
    const frontend = await createOfferThroughApi(unique('Reports frontend'));
    const tag = unique('').trim().replace(/\W+/g, '');
    const ids: Record<string, number> = {};
    for (const first of ['Ada', 'Bob', 'Cleo', 'Dan']) {
      const res = await ok(
        asAdmin('POST', '/candidates', { candidate: { first_name: first, last_name: `Report${tag}` } }),
        201,
      );
      ids[first] = ((await res.json()) as { id: number }).id;
    }
    await ok(
      asAdmin('POST', '/job_applications/bulk_create', {
        job_offer_id: backend,
        status_id: status('To contact'),
        candidates_ids: Object.values(ids),
      }),
      201,
    );
    const applicationsOf = async (offer: number) =>
      (
        (await (await asAdmin('GET', `/job_offers/${offer}/job_applications?per_page=100`)).json()) as {
          data: { id: number; candidate_id: number }[];
        }
      ).data;
    const inBackend = await applicationsOf(backend);
    const application = (first: string, list = inBackend) =>
      list.find((a) => a.candidate_id === ids[first])?.id ?? 0;
    const move = (id: number, to: string, body: object = {}) =>
      ok(asAdmin('PATCH', `/job_applications/${id}`, { status_id: status(to), ...body }));
    for (const to of ['Contacted', 'Interview', 'Offer', 'Hired']) await move(application('Ada'), to);
    await move(application('Bob'), 'Interview');
    await move(application('Bob'), 'Rejected', { rejection: { text: 'Skills gap' } });
    await move(application('Dan'), 'Contacted');
    await ok(
      asAdmin('POST', `/job_offers/${backend}/copy`, {
        from_status: [status('Contacted')],
        dest: { id: frontend },
      }),
    );
    await move(application('Dan', await applicationsOf(frontend)), 'Hired');
    for (const to of ['Contacted', 'Interview', 'Contacted']) await move(application('Cleo'), to);
    await ok(asAdmin('POST', `/candidates/${ids.Ada}/notes`, { content: '<p>Strong</p>' }), 201);

    const today = new Date().toISOString().slice(0, 10);
    await signIn(page);
    await page.getByRole('link', { name: 'Reports', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    // The shared link: both offers, today.
    await page.goto(`/reports?report=funnel&offers=${backend},${frontend}&from=${today}&to=${today}`);
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    await expect(page.getByText('5 applications received in the period, 1 rejected since.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByText('Table', { exact: true }).click();
    await expect(page).toHaveURL(/view=table/);
    expect(await tableRows(page, 'Candidates who reached each status')).toEqual([
      ['To contact', '5', '100 %', '0'],
      ['Contacted', '5', '80 %', '1'],
      ['Interview', '4', '50 %', '2'],
      ['Offer', '2', '100 %', '0'],
      ['Hired', '2', '–', '–'],
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    const funnelCsv = await csvOf(page, 'Candidates who reached each status');
    expect(funnelCsv.name).toBe(`funnel_${today}_${today}.csv`);
    expect(funnelCsv.text.trim().split('\n')).toEqual([
      'Status,Reached,Conversion to next,Drop-off',
      'To contact,5,100 %,0',
      'Contacted,5,80 %,1',
      'Interview,4,50 %,2',
      'Offer,2,100 %,0',
      'Hired,2,,',
    ]);

    await page.getByRole('tab', { name: 'Time in stage' }).click();
    await expect(page).toHaveURL(/report=time_in_stage/);
    await expect(page.getByText('Hires are moves to “Hired”')).toBeVisible();
    const stays = await tableRows(page, 'Days in each status');
    expect(stays.slice(0, 5).map((row) => row.slice(0, 2))).toEqual([
      ['To contact', '4'],
      ['Contacted', '3'],
      ['Interview', '3'],
      ['Offer', '1'],
      ['Hired', '0'],
    ]);
    expect(await tableRows(page, 'Days from application to hire')).toEqual([['2', '0', '0']]);

    await page.getByRole('tab', { name: 'Velocity' }).click();
    const weeks = await tableRows(page, 'Moves and new applications per week');
    expect(weeks.map((row) => row.slice(1))).toEqual([['11', '5']]);
    expect((await tableRows(page, 'Hires per month')).map((row) => row[1])).toEqual(['2']);

    await page.getByRole('tab', { name: 'Sources' }).click();
    expect(await tableRows(page, 'Applications and hires per source')).toEqual([
      ['Added by hand', '4', '1'],
      ['Copy from another offer', '1', '1'],
    ]);
    const sourcesCsv = await csvOf(page, 'Applications and hires per source');
    expect(sourcesCsv.text.trim().split('\n')).toEqual([
      'Source,Applications,Hires',
      'Added by hand,4,1',
      'Copy from another offer,1,1',
    ]);

    await page.getByRole('tab', { name: 'Rejection reasons' }).click();
    await expect(page.getByText('1 rejections in the period.')).toBeVisible();
    expect(await tableRows(page, 'Rejections per reason')).toEqual([['Other (free text)', '1']]);
    expect(await tableRows(page, 'Rejections per status rejected from')).toEqual([['Interview', '1']]);

    await page.getByRole('tab', { name: 'Team activity' }).click();
    await expect(
      page.getByText('Moves in these job offers and emails sent from them; notes about their candidates.'),
    ).toBeVisible();
    const team = await tableRows(page, 'Moves, notes and emails per week');
    expect(team.map((row) => row.slice(2))).toEqual([['11', '1', '0']]);
    expect(await seriousViolations(page)).toEqual([]);

    // The chart view of the same report, and one offer only: the copy's hire alone.
    await page.getByText('Chart', { exact: true }).click();
    await expect(page.getByRole('table')).toHaveCount(0);
    await page.goto(`/reports?report=sources&view=table&offers=${frontend}&from=${today}&to=${today}`);
    expect(await tableRows(page, 'Applications and hires per source')).toEqual([
      ['Copy from another offer', '1', '1'],
    ]);

    // A period without activity: the empty state; a preset puts its dates in the address.
    await page.goto(`/reports?report=funnel&offers=${backend}&from=2001-01-01&to=2001-01-31`);
    await expect(
      page.getByText('No application was received in these offers during this period'),
    ).toBeVisible();
    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Last 7 days' }).click();
    await expect(page).toHaveURL(new RegExp(`to=${today}`));
    await expect(page.getByText('4 applications received in the period, 1 rejected since.')).toBeVisible();

    // In French.
    await page.getByLabel('Language').selectOption('fr');
    await expect(page.getByRole('heading', { name: 'Rapports', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Motifs de refus' })).toBeVisible();
    await expect(page.getByText('4 candidatures reçues sur la période, 1 refusées depuis.')).toBeVisible();
    await expect(
      page.getByText(
        "Chacune compte à chaque statut jusqu'au plus avancé qu'elle a atteint, quelle que soit la date du déplacement.",
      ),
    ).toBeVisible();
    await page.getByRole('tab', { name: "Activité de l'équipe" }).click();
    await expect(
      page.getByText(
        'Déplacements dans ces offres et emails envoyés depuis elles ; notes sur leurs candidats.',
      ),
    ).toBeVisible();
  });
});
