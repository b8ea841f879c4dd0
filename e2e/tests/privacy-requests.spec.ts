import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/e2e-env.ts';
import { expect, outbox, signIn, test } from '../support/fixtures.ts';
import { unique } from '../support/job-offers.ts';

/** The admin's API token, for the set-up a screen of another issue does (the site's address, a candidate). */
async function adminApi(baseURL: string) {
  const login = await fetch(`${baseURL}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  const { jwt } = (await login.json()) as { jwt: string };
  return (method: string, path: string, body?: unknown) =>
    fetch(`${baseURL}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
}

test.describe('requests from the person (issue 24)', () => {
  test('a person asks for a copy of their data on the careers site, confirms through the mailed link; the admin sees it with its deadline, downloads the export and marks it done', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    if (!baseURL) throw new Error('no base URL');
    const api = await adminApi(baseURL);
    const slug = `privacy-${Date.now().toString(36)}`;
    const site = await api('PUT', '/careers_site', {
      slug,
      intro: 'We hire',
      colour: '#364fc7',
      privacy_notice_url: null,
    });
    expect(site.status).toBe(200);
    const lastName = unique('Hopper').replace(/\W/g, '');
    const email = `${lastName.toLowerCase()}@example.org`;
    const created = await api('POST', '/candidates', {
      candidate: { first_name: 'Grace', last_name: lastName, emails: [email] },
    });
    expect(created.status).toBe(201);
    // In an offer's pipeline, so the admin's list links to the candidate's panel there.
    const candidateId = ((await created.json()) as { id: number }).id;
    const offerName = unique('Privacy offer');
    const offer = await api('POST', '/job_offers', { job_offer: { name: offerName } });
    const jobOfferId = ((await offer.json()) as { id: number }).id;
    const statuses = (await (await api('GET', '/statuses')).json()) as { data: { id: number }[] };
    const added = await api('POST', '/job_applications/bulk_create', {
      job_offer_id: jobOfferId,
      status_id: statuses.data[0]?.id,
      candidates_ids: [candidateId],
    });
    expect(added.status).toBeLessThan(300);

    // The person, never signed in, in French: from the site's list to the form.
    const context = await browser.newContext({ baseURL, locale: 'fr-FR' });
    const visitor = await context.newPage();
    await visitor.goto(`/careers/${slug}`);
    await visitor.getByRole('link', { name: /^Vos données personnelles/ }).click();
    await expect(visitor.getByRole('heading', { name: 'Vos données personnelles' })).toBeVisible();
    // Sent without a choice, the form says what is missing and keeps the address.
    await visitor.getByRole('textbox', { name: 'Votre adresse e-mail *' }).fill(email);
    await visitor.evaluate(() => document.querySelector('form')?.setAttribute('novalidate', ''));
    await visitor.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await expect(visitor.getByText('Ce champ est obligatoire.')).toBeVisible();
    await expect(visitor.getByRole('textbox', { name: 'Votre adresse e-mail *' })).toHaveValue(email);
    await visitor.getByRole('radio', { name: 'Une copie de mes données' }).check();
    await visitor.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await expect(visitor.getByRole('heading', { name: 'Consultez votre boîte mail' })).toBeVisible();

    // The link mailed to the address, in French.
    let link = '';
    await expect
      .poll(
        () => {
          const mail = outbox().find((m) => m.text.toLowerCase().includes(`to: ${email}`));
          link = mail?.text.match(/\/careers\/[a-z0-9-]+\/privacy\/confirm\/[\w-]{43}\?lang=fr/)?.[0] ?? '';
          return link;
        },
        { message: `a confirmation mail to ${email}`, timeout: 20_000 },
      )
      .not.toBe('');
    await visitor.goto(link);
    await visitor.getByRole('button', { name: 'Confirmer ma demande' }).click();
    await expect(visitor.getByRole('heading', { name: 'Demande confirmée' })).toBeVisible();
    await expect(visitor.getByText('y répondra dans un délai d’un mois')).toBeVisible();
    // The link confirms once.
    await visitor.goto(link);
    await expect(visitor.getByRole('heading', { name: 'Lien non valide' })).toBeVisible();
    await context.close();

    // The admin's queue: the request with its candidate and its deadline, a month after today.
    await signIn(page);
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Privacy requests', exact: true }).click();
    const table = page.getByRole('table', { name: 'Privacy requests' });
    const row = table.getByRole('row').filter({ hasText: `Grace ${lastName}` });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Access (a copy)');
    const due = new Date();
    due.setUTCMonth(due.getUTCMonth() + 1);
    const dueText = due.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
    await expect(row).toContainText(dueText);

    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: "Download the candidate's data" }).click();
    expect((await download).suggestedFilename()).toMatch(/^candidate-\d+-data\.zip$/);

    await row.getByRole('button', { name: `Mark the request of Grace ${lastName} as done` }).click();
    await expect(table.getByRole('row').filter({ hasText: `Grace ${lastName}` })).toHaveCount(0);
    await page.getByText('Done', { exact: true }).click();
    await expect(
      page
        .getByRole('table', { name: 'Privacy requests' })
        .getByRole('row')
        .filter({ hasText: `Grace ${lastName}` }),
    ).toHaveCount(1);
  });
});
