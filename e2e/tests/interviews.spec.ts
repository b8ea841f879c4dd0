import { asAdmin } from '../support/admin-api.ts';
import { createOfferThroughApi, importCandidates } from '../support/candidates.ts';
import { expect, outbox, signIn, test } from '../support/fixtures.ts';
import { unique } from '../support/job-offers.ts';
import { chooseView } from '../support/pipeline.ts';

/** A date some days ahead, as the date field takes it. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Interviews (issue 27): the recruiter schedules from the candidate panel, the candidate accepts on the public
 * page opened from the mailed link (no account), the interviewer submits a scorecard, and the application
 * shows the answer, the scorecard and the timeline.
 */
test.describe('interviews', () => {
  test('schedule, the candidate accepts from the mail, a scorecard is submitted, the application shows it all', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    const tag = unique('').trim().replace(/\W+/g, '').toLowerCase();
    const last = `Interview${tag}`;
    const email = `ada${tag}@interview.test`;
    const offerId = await createOfferThroughApi(unique('Interview offer'));
    await importCandidates([['Ada', last, email, '']]);
    const search = await asAdmin('GET', `/candidates/search?filters[search]=${last}`);
    const candidateId = ((await search.json()) as { data: { id: number }[] }).data[0]?.id;
    expect(candidateId).toBeTruthy();
    const statuses = (await (await asAdmin('GET', '/statuses')).json()) as { data: { id: number }[] };
    const added = await asAdmin('POST', '/job_applications/bulk_create', {
      job_offer_id: offerId,
      status_id: statuses.data[0]?.id,
      candidates_ids: [candidateId],
    });
    expect(added.status).toBe(201);
    const criteria = await asAdmin('PUT', `/job_offers/${offerId}/scorecard_criteria`, {
      criteria: [{ name: 'Communication' }],
    });
    expect(criteria.status).toBe(200);

    // The recruiter schedules a video interview; they are its interviewer.
    await signIn(page);
    await page.goto(`/jobs/${offerId}?candidate=${candidateId}`);
    const panel = page.getByRole('region', { name: 'Candidate details' });
    const interviews = panel.getByRole('region', { name: 'Interviews' });
    await interviews.getByRole('button', { name: 'Schedule interview' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule an interview' });
    await dialog.getByRole('textbox', { name: 'Date', exact: true }).fill(inDays(7));
    await dialog.getByRole('textbox', { name: 'Start time' }).fill('10:30');
    await dialog.getByRole('textbox', { name: 'Video link' }).fill('https://meet.example.test/e2e');
    await expect(dialog.getByText(/^For the candidate: /)).toBeVisible();
    await dialog.getByRole('button', { name: 'Send invitations' }).click();
    await expect(dialog).toBeHidden();
    const card = interviews.getByTestId('interview');
    await expect(card).toContainText('No answer yet');
    await expect(card).toContainText('https://meet.example.test/e2e');

    // The candidate's invitation, and its link to answer.
    let link = '';
    await expect
      .poll(
        () => {
          const mail = outbox().find((m) => m.text.toLowerCase().includes(`to: ${email}`));
          link = mail?.text.match(/\/careers\/-\/interviews\/\d+\/[\w.-]+/)?.[0] ?? '';
          return link;
        },
        { message: `an invitation to ${email}`, timeout: 30_000 },
      )
      .not.toBe('');
    const invitation = outbox().find((m) => m.text.toLowerCase().includes(`to: ${email}`))?.text ?? '';
    expect(invitation).toContain('METHOD:REQUEST');

    const context = await browser.newContext({ baseURL, locale: 'en-GB' });
    const candidate = await context.newPage();
    await candidate.goto(link);
    await expect(candidate.getByRole('heading', { name: /^Your interview with / })).toBeVisible();
    await expect(candidate.getByText('https://meet.example.test/e2e')).toBeVisible();
    await candidate.getByRole('button', { name: 'Accept' }).click();
    await expect(candidate.getByText('Thank you, your answer was sent to the team.')).toBeVisible();
    await context.close();

    // The interviewer's scorecard.
    await page.reload();
    await expect(card).toContainText('Accepted by the candidate');
    await card.getByRole('button', { name: 'Scorecards' }).click();
    const scorecards = card.getByRole('region', { name: 'Scorecards' });
    await scorecards.getByRole('radio', { name: 'Strong yes' }).check();
    await scorecards.getByRole('combobox', { name: 'Communication' }).click();
    await page.getByRole('option', { name: 'Yes', exact: true }).click();
    await scorecards.getByRole('textbox', { name: 'Notes' }).fill('Clear, curious, kind.');
    await scorecards.getByRole('button', { name: 'Submit scorecard' }).click();
    await expect(card).toContainText('1 scorecard(s): 1 × Strong yes');
    await expect(scorecards.getByText('Your scorecard – Submitted')).toBeVisible();

    // The timeline tells the story.
    const activity = panel.getByRole('region', { name: 'Activity' });
    // Each names the interview's start as it was scheduled (ICU's space before AM varies: \s).
    await expect(
      activity.getByText(/^Interview scheduled for \w{3} \d{1,2}, \d{4}, 10:30\sAM /),
    ).toBeVisible();
    await expect(
      activity.getByText(/^The candidate accepted the interview of \w{3} \d{1,2}, \d{4}, 10:30\sAM$/),
    ).toBeVisible();
    await expect(activity.getByText('Scorecard submitted: Strong yes')).toBeVisible();

    // The board card shows the next interview; the week view lists it among the user's own.
    await chooseView(page, 'Board');
    await expect(page.getByText(/^Interview .*2\d{3}/).first()).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Interviews' })
      .click();
    await expect(page.getByRole('heading', { name: 'Interviews', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect(page.getByRole('link', { name: `Ada ${last}` })).toBeVisible();
    await expect(page.getByText('Accepted by the candidate')).toBeVisible();

    // The interviewer's calendar feed: a private address a calendar app reads.
    const feed = page.getByRole('region', { name: 'Calendar feed' });
    await feed.getByRole('button', { name: /^Make (my calendar address|a new address)$/ }).click();
    const address = feed.getByRole('textbox', { name: 'Your private calendar address (shown once)' });
    await expect(address).toHaveValue(/\/calendar\/[\w-]{43}\.ics$/);
    const ics = await (await page.request.get(await address.inputValue())).text();
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain(`Ada ${last}`);
  });
});
