import { asAdmin, createUserAsAdmin, removeStatuses } from '../support/admin-api.ts';
import { createOfferThroughApi, importCandidates } from '../support/candidates.ts';
import { expect, outbox, signIn, test } from '../support/fixtures.ts';
import { unique } from '../support/job-offers.ts';

/** Candidate activity (issue 21): notes with a mention, the timeline, its filter, a move, an email, a rejection. */
test.describe('candidate activity', () => {
  test('a note with a mention notifies and mails the user; edit, delete, filter; a move, an email and a rejection show', async ({
    page,
    browser,
  }) => {
    test.slow();
    const tag = unique('').trim().replace(/\W+/g, '').toLowerCase();
    const offerName = unique('Activity offer');
    const last = `Activity${tag}`;
    const candidate = `Ada ${last}`;
    const miaEmail = `mia${tag}@activity.test`;
    const miaPassword = 'activity-mention-password';
    const declined = `Declined ${tag}`;
    await createUserAsAdmin(miaEmail, miaPassword);

    // An offer with the candidate at the first status, a status marked rejected, and the licence's reasons.
    const offerId = await createOfferThroughApi(offerName);
    await importCandidates([['Ada', last, `ada${tag}@example.com`, '']]);
    const search = await asAdmin('GET', `/candidates/search?filters[search]=${last}`);
    const candidateId = ((await search.json()) as { data: { id: number }[] }).data[0]?.id;
    expect(candidateId).toBeTruthy();
    const statuses = (await (await asAdmin('GET', '/statuses')).json()) as {
      data: { id: number; name: string }[];
    };
    const [first, second] = statuses.data;
    if (!first || !second) throw new Error('no pipeline');
    const created = await asAdmin('POST', '/statuses', { name: declined });
    const declinedId = ((await created.json()) as { id: number }).id;
    expect((await asAdmin('PATCH', `/statuses/${declinedId}`, { rejected: true })).status).toBe(200);
    const reasons = await asAdmin('PUT', '/rejection_reasons', {
      reasons: [{ name: `Skills ${tag}` }, { name: `Salary ${tag}` }],
    });
    expect(reasons.status).toBe(200);
    expect(
      (
        await asAdmin('POST', '/job_applications/bulk_create', {
          job_offer_id: offerId,
          status_id: first.id,
          candidates_ids: [candidateId],
        })
      ).status,
    ).toBe(201);
    // An email through a template: the timeline shows it, and its body on demand.
    const template = await asAdmin('POST', '/email_templates', {
      name: unique('Activity template'),
      subject: `Hello ${tag}`,
      content: '<p>Let us talk.</p>',
    });
    const templateId = ((await template.json()) as { id: number }).id;
    const send = await asAdmin('POST', `/job_offers/${offerId}/emails`, {
      email_template_id: templateId,
      candidate_ids: [candidateId],
    });
    expect(send.status).toBe(202);
    const sendId = ((await send.json()) as { id: number }).id;
    await expect
      .poll(
        async () =>
          ((await (await asAdmin('GET', `/email_sends/${sendId}`)).json()) as { state: string }).state,
        {
          timeout: 60_000,
        },
      )
      .toBe('done');

    try {
      await signIn(page);
      await page.goto(`/jobs/${offerId}?candidate=${candidateId}`);
      const panel = page.getByRole('region', { name: 'Candidate details' });
      const activity = panel.getByRole('region', { name: 'Activity' });
      await expect(activity.getByText(`Email sent: Hello ${tag}`)).toBeVisible();
      await activity.getByRole('button', { name: 'Show the email' }).click();
      await expect(activity.getByText('Let us talk.')).toBeVisible();

      // A note mentioning Mia: '@' offers the licence's users.
      const known = new Set(outbox().map((m) => m.file));
      // Its key opens 'Add a note' with the caret in the editor (the button says which key).
      await expect(activity.getByRole('button', { name: 'Add a note' })).toHaveAttribute(
        'aria-keyshortcuts',
        'n',
      );
      await page.keyboard.press('n');
      const editor = activity.getByRole('textbox', { name: 'Note' });
      await expect(editor).toBeFocused();
      await editor.pressSequentially(`Call went well ${tag}, `);
      await editor.pressSequentially(`@mia${tag}`);
      await page
        .getByRole('listbox', { name: 'Users to mention' })
        .getByRole('option', { name: miaEmail })
        .click();
      await editor.pressSequentially(' please follow up');
      await activity.getByRole('button', { name: 'Save note' }).click();
      // The editor closes and the note shows in its own card (not only in the editor, which holds the same text
      // until the saved note has been fetched).
      await expect(editor).toHaveCount(0);
      const saved = activity.getByLabel('Note by Admin');
      await expect(saved.getByText(`Call went well ${tag}`)).toBeVisible();
      await expect(saved.getByText(`@${miaEmail}`)).toBeVisible();

      // The mail reaches Mia, with a link to the candidate.
      await expect
        .poll(() => outbox().filter((m) => !known.has(m.file) && m.text.includes(miaEmail)).length, {
          timeout: 30_000,
        })
        .toBe(1);
      const mail = outbox().find((m) => !known.has(m.file) && m.text.includes(miaEmail));
      expect(mail?.text).toContain(`/candidates?candidate=${candidateId}`);

      // Mia sees the notification under the bell.
      const context = await browser.newContext();
      const miaPage = await context.newPage();
      await signIn(miaPage, miaEmail, miaPassword);
      await miaPage.getByRole('button', { name: 'Notifications, 1 unread' }).click();
      await expect(miaPage.getByText(`mentioned you about ${candidate}`)).toBeVisible();
      await miaPage.getByRole('button', { name: 'Mark all as read' }).click();
      await expect(miaPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
      await context.close();

      // Edit, then delete the note.
      await activity.getByRole('button', { name: 'Edit note' }).click();
      const editing = activity.getByRole('textbox', { name: 'Note' });
      await editing.click();
      await editing.press('ControlOrMeta+End');
      await editing.pressSequentially(' today');
      await activity.getByRole('button', { name: 'Save note' }).click();
      await expect(editing).toHaveCount(0);
      await expect(saved.getByText(/follow up\s*today/)).toBeVisible();
      await expect(saved.getByText('(edited)')).toBeVisible();
      await activity.getByRole('button', { name: 'Delete note' }).click();
      await page.getByRole('button', { name: 'Ok', exact: true }).click();
      await expect(activity.getByText(`Call went well ${tag}`)).toHaveCount(0);

      // A move with the switcher shows in the timeline.
      const switcher = page.getByRole('combobox', { name: `Status of ${candidate}` });
      await switcher.click();
      await page.getByRole('option', { name: second.name, exact: true }).click();
      await expect(activity.getByText(`to ${second.name} in ${offerName}`)).toBeVisible();
      // The candidate's card says so too, at once.
      const card = page.getByRole('button', { name: new RegExp(`^${candidate}`) });
      await expect(card).toContainText(`Moved from ${first.name} to ${second.name} in ${offerName} by`);

      // The filter: emails only.
      await activity.getByRole('combobox', { name: 'Show' }).click();
      await page.getByRole('option', { name: 'Emails' }).click();
      await expect(activity.getByText(`Email sent: Hello ${tag}`)).toBeVisible();
      await expect(activity.getByText(`to ${second.name} in ${offerName}`)).toHaveCount(0);
      await activity.getByRole('combobox', { name: 'Show' }).click();
      await page.getByRole('option', { name: 'Everything' }).click();

      // Rejecting asks why; the reason is on the event.
      await switcher.click();
      await page.getByRole('option', { name: declined, exact: true }).click();
      const prompt = page.getByRole('dialog', { name: `Why is ${candidate} rejected?` });
      await expect(prompt.getByRole('button', { name: 'Reject' })).toBeDisabled();
      await prompt.getByRole('combobox', { name: 'Reason' }).click();
      await prompt.getByRole('option', { name: `Skills ${tag}` }).click();
      await prompt.getByRole('textbox', { name: /^Details/ }).fill('No Rust yet');
      await prompt.getByRole('button', { name: 'Reject' }).click();
      await expect(activity.getByText(`to ${declined} in ${offerName}`)).toBeVisible();
      await expect(activity.getByText(`Reason: Skills ${tag} — No Rust yet`)).toBeVisible();
    } finally {
      // The shared licence's pipeline goes back as it was (at most 10 statuses).
      await asAdmin('DELETE', `/job_offers/${offerId}`);
      await removeStatuses(declined);
    }
  });
});
