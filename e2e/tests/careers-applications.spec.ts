import { callAs } from '../support/admin-api.ts';
import { e2eEnv } from '../support/e2e-env.ts';
import { expect, runCli, signIn, test } from '../support/fixtures.ts';
import { seriousViolations, unique } from '../support/job-offers.ts';
import { openSettingsSection } from '../support/settings.ts';

const PASSWORD = 'applications-e2e-password';
const OFFER = 'Senior backend developer';

/**
 * A licence of its own with the demo seeded (modules/demo/seed-careers.ts): the two newest applications of
 * "Senior backend developer" came through the careers site, one from the careers page and one from a LinkedIn
 * link, with answers to the offer's three questions, and the admin (the offers' manager) was notified of each.
 */
async function demoLicence(credits = 100) {
  const email = `${unique('applied').replace(/\W/g, '').toLowerCase()}@applications.test`;
  const created = await runCli(
    'licence:create',
    ...[
      '--name',
      unique('Applications'),
      '--credits',
      String(credits),
      '--plan',
      'recurrent',
      '--period',
      'monthly',
    ],
    ...['--admin-email', email, '--admin-password', PASSWORD],
  );
  const id = created.match(/Created licence (\d+)/)?.[1];
  if (!id) throw new Error(`licence:create said: ${created}`);
  await runCli('seed', '--licence', id, '--candidates', '6');
  const account = { email, password: PASSWORD };
  /** The name of the one candidate who applied through this source. */
  const nameOf = async (source: string) => {
    const res = await callAs(account, 'GET', `/candidates/search?filters[source]=${source}`);
    const { data } = (await res.json()) as { data: { full_name: string }[] };
    if (data.length !== 1 || !data[0]) throw new Error(`expected one ${source} candidate`);
    return data[0].full_name;
  };
  return {
    id,
    account,
    careersPage: await nameOf('careers_page'),
    linkedin: await nameOf('linkedin'),
  };
}

/**
 * `count` new people apply to the site's first offer through its public form, as a browser posts it (the
 * visitor's screens are careers-apply.spec.ts's).
 */
async function applyThrough(site: string, count: number) {
  const { baseURL } = e2eEnv();
  const list = await (await fetch(`${baseURL}${site}`)).text();
  const path = /href="(\/careers\/[^"?]+\/jobs\/[^"?]+)"/.exec(list)?.[1];
  if (!path) throw new Error(`no offer on ${site}`);
  const page = await (await fetch(`${baseURL}${path}`)).text();
  const token = /name="form_token" value="([^"]+)"/.exec(page)?.[1] ?? '';
  const questions = [
    ...page.matchAll(
      /<select id="f-(q_\d+)" name="q_\d+"[^>]*><option value="">[^<]*<\/option><option value="([^"]+)"/g,
    ),
  ];
  const texts = [...page.matchAll(/<input type="text" id="f-(q_\d+)"/g)];
  for (let i = 0; i < count; i++) {
    const form = new FormData();
    form.set('form_token', token);
    form.set('first_name', 'Over');
    form.set('last_name', `Draft ${i}`);
    form.set('email', `${unique('over').replace(/\W/g, '').toLowerCase()}-${i}@example.org`);
    form.set('phone', '+33 6 00 00 00 00');
    form.set('cv', new Blob(['A CV.'], { type: 'text/plain' }), 'cv.txt');
    for (const [, name = '', value = ''] of questions) form.set(name, value);
    for (const [, name = ''] of texts) form.set(name, 'Soon');
    form.set('consent', 'yes');
    const res = await fetch(`${baseURL}${path}/apply`, { method: 'POST', body: form, redirect: 'manual' });
    expect(res.status, await res.text()).toBe(303);
  }
}

test.describe("careers applications on the recruiter's side (issue 23)", () => {
  test('the notification leads to the candidate in the offer, with the source and the answers; the candidates screen filters by source; in English and French', async ({
    page,
  }) => {
    test.slow();
    const { account, careersPage, linkedin } = await demoLicence();
    await signIn(page, account.email, account.password);

    // The bell tells of both applications; one opens its candidate in the offer's pipeline.
    await page.getByRole('button', { name: 'Notifications, 2 unread' }).click();
    await expect(
      page.getByRole('link', { name: `New application from ${linkedin} for ${OFFER}` }),
    ).toBeVisible();
    await page.getByRole('link', { name: `New application from ${careersPage} for ${OFFER}` }).click();
    await expect(page).toHaveURL(/\/jobs\/\d+\?candidate=\d+$/);
    const pipelineUrl = page.url();

    // Each row says where its application came from; recruiters' additions say nothing.
    const rows = page.getByRole('list', { name: 'Candidates' }).getByRole('listitem');
    await expect(rows.filter({ hasText: careersPage }).getByText('Careers page')).toBeVisible();
    await expect(rows.filter({ hasText: linkedin }).getByText('linkedin', { exact: true })).toBeVisible();
    await expect(rows.getByText(/^(Careers page|linkedin)$/)).toHaveCount(2);

    // The panel shows the application as it was made: the source and the answers, yes / no in words.
    const panel = page.getByRole('region', { name: 'Candidate details' });
    await expect(panel.getByRole('heading', { name: careersPage, level: 2 })).toBeVisible();
    const application = panel.getByTestId('this-application');
    await expect(application.getByText('Came from')).toBeVisible();
    await expect(application.getByText('Careers page')).toBeVisible();
    await expect(application.getByRole('heading', { name: 'Answers to the apply form' })).toBeVisible();
    for (const text of ['When can you start?', 'In one month', 'Can you come to Lyon twice a week?', 'Yes']) {
      await expect(application.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(application.getByText('Fluent', { exact: true })).toBeVisible();
    await expect(async () => expect(await seriousViolations(page)).toEqual([])).toPass();

    // The candidates screen filters by source, in the address.
    await page.getByRole('link', { name: 'Candidates' }).click();
    await page.getByRole('combobox', { name: 'Source' }).click();
    await expect(page.getByRole('option', { name: 'linkedin (1)' })).toBeVisible();
    await page.getByRole('option', { name: 'Careers page (1)' }).click();
    await expect(page).toHaveURL(/filters%5Bsource%5D=careers_page|filters\[source\]=careers_page/);
    await expect(page.getByRole('article', { name: careersPage })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByText('1 candidate(s)')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Source' })).toHaveValue('Careers page (1)');
    await expect(page.getByRole('article')).toHaveCount(1);

    // In French.
    await page.getByLabel('Language').selectOption('fr');
    await expect(page.getByRole('combobox', { name: 'Source' })).toHaveValue('Page carrières (1)');
    await page.goto(pipelineUrl);
    const panelFr = page.getByRole('region', { name: 'Fiche du candidat' });
    const applicationFr = panelFr.getByTestId('this-application');
    await expect(
      applicationFr.getByRole('heading', { name: 'Réponses au formulaire de candidature' }),
    ).toBeVisible();
    await expect(applicationFr.getByText('Provenance')).toBeVisible();
    await expect(applicationFr.getByText('Page carrières')).toBeVisible();
    await expect(applicationFr.getByText('Oui', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Candidats' }).getByRole('listitem').filter({ hasText: careersPage }),
    ).toContainText('Page carrières');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(
      page.getByRole('link', { name: `Nouvelle candidature de ${linkedin} pour ${OFFER}` }),
    ).toBeVisible();
  });

  test('the admin writes the confirmation mail in both languages, and the licence widget says an overdraft', async ({
    page,
  }) => {
    test.slow();
    // One credit: the demo data spends none, the applications below spend past it.
    const { id, account } = await demoLicence(1);
    await signIn(page, account.email, account.password);

    await page.getByRole('link', { name: 'Settings' }).click();
    await openSettingsSection(page, 'Careers site');
    await expect(page.getByText('Confirmation mail to applicants')).toBeVisible();
    await expect(
      page.getByText(/\{first_name\}, \{last_name\}, \{job_offer\}, \{organisation\}/),
    ).toBeVisible();
    const subjectEn = page.getByRole('textbox', { name: 'Subject (English)' });
    await expect(subjectEn).toHaveAttribute('placeholder', 'Your application for {job_offer}');
    await expect(page.getByRole('textbox', { name: 'Subject (French)' })).toHaveAttribute(
      'placeholder',
      'Votre candidature : {job_offer}',
    );
    await subjectEn.fill('Thank you, {first_name}');
    await page.getByRole('textbox', { name: 'Message (French)' }).fill('Bonjour {first_name},\n\nMerci !');
    await page.getByRole('button', { name: 'Save the careers site' }).click();
    await expect(page.getByText('The careers site is saved')).toBeVisible();
    const saved = (await (await callAs(account, 'GET', '/careers_site')).json()) as {
      confirmation: Record<'en' | 'fr', { subject: string; body: string }>;
    };
    expect(saved.confirmation).toEqual({
      en: { subject: 'Thank you, {first_name}', body: '' },
      fr: { subject: '', body: 'Bonjour {first_name},\n\nMerci !' },
    });
    await page.reload();
    await page.getByRole('button', { name: 'Careers site', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Subject (English)' })).toHaveValue(
      'Thank you, {first_name}',
    );

    // Three people apply through the careers site: the licence goes two past its one credit (decision 189).
    await applyThrough(`/careers/demo-${id}`, 3);
    await page.reload();
    const widget = page.getByRole('region', { name: 'Licence' });
    await expect(widget.getByText('0 credits left')).toBeVisible();
    await expect(widget.getByText('2 applications over your credits')).toBeVisible();
    await page.getByLabel('Language').selectOption('fr');
    await expect(widget.getByText('2 candidatures au-delà de vos crédits')).toBeVisible();
    await expect(widget.getByText('0 crédits restants')).toBeVisible();
  });
});
