import {
  adminApi,
  countsByStatus,
  type OfferSummary,
  openTemplateModal,
  readMessage,
  violationsAroundPreview,
} from '../support/email-templates.ts';
import { expect, outbox, runCli, signIn, test } from '../support/fixtures.ts';
import { createOffer, seriousViolations, unique } from '../support/job-offers.ts';

test.describe('email templates', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('writes a template with variables from the index menu; it is linked to the offer and shown again', async ({
    page,
    cspViolations,
  }) => {
    // A whole flow with an accessibility scan and a reload: more than the default minute on a busy machine.
    test.slow();
    const offer = unique('Platform engineer');
    const template = unique('First contact');
    await createOffer(page, offer);

    const modal = await openTemplateModal(page, offer);
    await expect(modal.getByText('No template is linked to this job offer yet')).toBeVisible();
    await modal.getByRole('button', { name: 'Create an email template' }).click();
    const title = modal.getByRole('textbox', { name: 'Title' });
    await expect(title).toHaveAttribute('placeholder', 'New template title');
    await title.fill(template);
    const subject = modal.getByRole('textbox', { name: 'Subject' });
    await subject.fill('Hello ');
    await modal.getByRole('button', { name: 'Variables' }).click();
    await page.getByRole('menuitem', { name: 'Insert First name' }).click();
    await expect(subject).toHaveValue('Hello [:first_name:]');

    const content = modal.getByRole('textbox', { name: 'Content' });
    await content.click();
    await content.pressSequentially('Dear ');
    await modal.getByRole('button', { name: 'Variables' }).click();
    await page.getByRole('menuitem', { name: 'Insert Last name' }).click();
    await content.pressSequentially(', how was ');
    // ProseMirror's rules stay on the page (prosemirror.css): without `white-space`, Chromium writes a space
    // typed at the end of a line as U+00A0, and the template is saved so.
    await expect(content).toHaveCSS('white-space', 'break-spaces');
    await modal.getByRole('button', { name: 'Variables' }).click();
    await page.getByRole('menuitem', { name: 'Insert Last company' }).click();
    await content.press('ControlOrMeta+a');
    await modal.getByRole('button', { name: 'Bold' }).click();
    await expect(content).toContainText('Dear [:last_name:], how was [:last_company:]');
    expect(await seriousViolations(page)).toEqual([]);

    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Email template sucessfully saved')).toBeVisible();
    await expect(modal.getByRole('combobox', { name: 'Template' })).toHaveValue(template);

    // Saved sanitised on the server, and linked to the offer: a new visit shows it without choosing.
    const templates = await adminApi<{
      data: { id: number; name: string; subject: string; content: string }[];
    }>('/email_templates/?per_page=100');
    const saved = templates.data.find((t) => t.name === template);
    expect(saved).toMatchObject({
      subject: 'Hello [:first_name:]',
      content: '<p><strong>Dear [:last_name:], how was [:last_company:]</strong></p>',
    });
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toHaveCount(0);
    await page.reload();
    const again = await openTemplateModal(page, offer);
    await expect(again.getByRole('combobox', { name: 'Template' })).toHaveValue(template);
    await expect(again.getByRole('textbox', { name: 'Subject' })).toHaveValue('Hello [:first_name:]');
    expect(cspViolations).toEqual([]);
  });

  test('Reset brings back the saved template, and closing with unsaved edits asks first', async ({
    page,
  }) => {
    const offer = unique('QA lead');
    const template = unique('Follow-up');
    await createOffer(page, offer);
    const modal = await openTemplateModal(page, offer);
    await modal.getByRole('button', { name: 'Create an email template' }).click();
    await modal.getByRole('textbox', { name: 'Title' }).fill(template);
    await modal.getByRole('textbox', { name: 'Subject' }).fill('Still interested?');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Email template sucessfully saved')).toBeVisible();

    const subject = modal.getByRole('textbox', { name: 'Subject' });
    await subject.fill('Changed my mind');
    await modal.getByRole('button', { name: 'Reset' }).click();
    await expect(subject).toHaveValue('Still interested?');

    await subject.fill('Not saved yet');
    const question = page.waitForEvent('dialog');
    const closing = modal.getByRole('button', { name: 'Close' }).click();
    const dialog = await question;
    expect(dialog.message()).toBe('You have unsaved changes. Are you sure you want to quit?');
    await dialog.dismiss();
    await closing;
    await expect(modal).toBeVisible();
    await expect(subject).toHaveValue('Not saved yet');

    page.once('dialog', (accept) => void accept.accept());
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toHaveCount(0);
    const reopened = await openTemplateModal(page, offer);
    await expect(reopened.getByRole('textbox', { name: 'Subject' })).toHaveValue('Still interested?');

    // Another template is linked by selecting it; deleting asks 'Are you sure?'.
    await reopened.getByRole('button', { name: 'Delete the template' }).click();
    await expect(page.getByText('Are you sure?')).toBeVisible();
    await page.getByRole('button', { name: 'Ok', exact: true }).click();
    await expect(page.getByText('Email template sucessfully deleted')).toBeVisible();
    await expect(reopened.getByText('No template is linked to this job offer yet')).toBeVisible();
  });

  test("sends the offer's template to its candidates: previewed, in the outbox with every variable replaced, statuses moved", async ({
    page,
    cspViolations,
  }) => {
    // It runs the operator's seed command and sends mail: more than a screen's worth of work.
    test.slow();
    // Seeded candidates and applications (the operator's seed command); the new offers are those it adds.
    const before = new Set(
      (await adminApi<{ data: OfferSummary[] }>('/job_offers?per_page=100')).data.map((o) => o.id),
    );
    await runCli('seed', '--licence', '1', '--candidates', '8');
    const seeded = (await adminApi<{ data: OfferSummary[] }>('/job_offers?per_page=100')).data.filter(
      (o) => !before.has(o.id) && o.candidates_count > 0,
    );
    const offer = seeded[0];
    if (!offer) throw new Error('the seed put no candidate in any offer');
    const counts = await countsByStatus(offer.id);
    const known = new Set(outbox().map((mail) => mail.file));

    await page.goto(`/jobs/${offer.id}`);
    await page.getByRole('button', { name: 'Edit email template' }).click();
    const modal = page.getByRole('dialog', { name: `Email template of ${offer.name}` });
    await modal.getByRole('button', { name: 'Create an email template' }).click();
    await modal.getByRole('textbox', { name: 'Title' }).fill(unique('Seeded offer'));
    await modal.getByRole('textbox', { name: 'Subject' }).fill('Hello [:first_name:] [:last_name:]');
    const content = modal.getByRole('textbox', { name: 'Content' });
    await content.click();
    await content.pressSequentially('You studied at [:last_school:] and worked at [:last_companies_2:].');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Email template sucessfully saved')).toBeVisible();
    await modal.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Send email' }).click();
    const dialog = page.getByRole('dialog', { name: `Send email: ${offer.name}` });
    await expect(dialog.getByText(`${offer.candidates_count} recipient(s)`)).toBeVisible();
    await expect(dialog.getByText(/^Subject:/).locator('..')).toHaveText(/Subject: Hello \S+ \S+/);
    const frame = dialog.frameLocator('iframe');
    await expect(frame.locator('body')).toContainText(/You studied at \S.* and worked at \S.*\./);
    await expect(frame.locator('body')).not.toContainText('[:');
    expect(await violationsAroundPreview(page)).toEqual([]);

    await dialog.getByRole('button', { name: `Send to ${offer.candidates_count} candidate(s)` }).click();
    // The server answers at once and sends in the background (decision 132); the dialog follows the send.
    await expect(dialog.getByText(`${offer.candidates_count} email(s) sent`)).toBeVisible({
      timeout: 60_000,
    });
    await expect(
      dialog.getByText('Candidates contacted for the first time moved to "Contacted".'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toHaveCount(0);

    // Every message is in the outbox, each addressed to one candidate with every variable replaced.
    await expect.poll(() => outbox().filter((m) => !known.has(m.file)).length).toBe(offer.candidates_count);
    for (const mail of outbox().filter((m) => !known.has(m.file))) {
      const message = readMessage(mail.file);
      expect(message.subject).toMatch(/^Hello \S+ \S+$/);
      expect(message.to).toMatch(/@([a-z]+\.)?example\.(com|org|net)$/);
      expect(message.body).toMatch(/You studied at \S.* and worked at \S.*, \S.*\./);
      expect(message.raw).not.toContain('[:');
    }

    // Those before 'Contacted' in the pipeline moved to it; the screen shows the new counts.
    const after = await countsByStatus(offer.id);
    expect(after['To contact']).toBe(0);
    expect(after.Contacted).toBe((counts.Contacted ?? 0) + (counts['To contact'] ?? 0));
    const statuses = page.getByRole('list', { name: 'Candidates per status' });
    await expect(statuses.getByRole('button', { name: /^Contacted/ })).toHaveText(
      new RegExp(`^Contacted\\s*${after.Contacted}$`),
    );
    await expect(statuses.getByRole('button', { name: /^To contact/ })).toHaveText(/^To contact\s*0$/);
    expect(cspViolations).toEqual([]);
  });
});
