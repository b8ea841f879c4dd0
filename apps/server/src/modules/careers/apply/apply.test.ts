import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  candidateConsents,
  candidateEvents,
  candidateFiles,
  candidates,
  careersSites,
  creditEvents,
  licences,
  notifications,
  statuses,
} from '../../../db/schema/index.ts';
import type { TestApp } from '../../../test/harness.ts';
import { parseMail } from '../../../test/mime.ts';
import type { SmtpSink } from '../../../test/smtp-sink.ts';
import { until } from '../../../test/until.ts';
import { applicant, hiddenValue, visitor } from './apply.fixtures.ts';
import { type ApplyWorld, withApplyWorld } from './apply-world.fixtures.ts';

// Applying through the careers site (issue 23, decision 191): POST /careers/{slug}/jobs/{public_slug}/apply.
// What the form and its guards refuse: apply-refusals.test.ts.
let t: TestApp, sink: SmtpSink;
let acme: ApplyWorld['acme'];
let offerUrl: string, offerId: number, questionIds: number[];
let newVisitor: ApplyWorld['newVisitor'];
let candidatesWith: ApplyWorld['candidatesWith'];
let applicationsOf: ApplyWorld['applicationsOf'];
let answers: ApplyWorld['answers'];
withApplyWorld((w) => {
  ({ t, sink, acme, offerUrl, offerId, questionIds, newVisitor, candidatesWith, applicationsOf, answers } =
    w);
});

describe('the apply form', () => {
  it('is on the offer page, with the questions, the consent, the guards and the link source', async () => {
    const page = await newVisitor().get(`${offerUrl}?utm_source=LinkedIn Jobs`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      // The action keeps the source too: the page answered after an error links with it as well.
      '<form id="apply-form" method="post" action="/careers/acme-apply/jobs/backend/apply?source=linkedin-jobs"',
    );
    expect(page.body).toContain('enctype="multipart/form-data"');
    for (const label of [
      'Years of Go? *',
      'Can you relocate? <span class="hint">(optional)</span>',
      'Start *',
    ]) {
      expect(page.body).toContain(label);
    }
    expect(page.body).toContain('<option value="In 3 months">In 3 months</option>');
    expect(page.body).toContain('href="https://acme.example/privacy"');
    expect(hiddenValue(page.body, 'source')).toBe('linkedin-jobs');
    expect(hiddenValue(page.body, 'form_token')).toMatch(/^\d+\.[\w-]{43}$/);
    expect(page.body).toContain('name="website" tabindex="-1"');
    expect(page.body).not.toContain('<script>');
    expect(page.headers['content-security-policy']).not.toContain('script-src');
    expect(page.body).toContain('"directApply":true');
  });

  it('says the form in French', async () => {
    const page = await newVisitor().get(`${offerUrl}?lang=fr`);
    expect(page.body).toContain('Postuler à cette offre');
    expect(page.body).toContain('action="/careers/acme-apply/jobs/backend/apply?lang=fr"');
  });
});

describe('applying', () => {
  it('adds the candidate, the CV, the application at the first status, the answers, consent and source, and mails', async () => {
    const before = sink.received.length;
    const res = await newVisitor().apply(
      offerUrl,
      applicant('ada@example.org', { cover_letter: 'I love engines.\nTruly.' }, answers()),
      { source: 'linkedin' },
    );
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/careers/acme-apply/jobs/backend/applied');
    const thanks = await newVisitor().get(res.headers.location as string);
    expect(thanks.body).toContain('your application for Backend developer was sent');

    const [candidate] = await candidatesWith('ada@example.org');
    expect(candidate).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    const id = candidate?.id as number;
    const [application] = await applicationsOf(id);
    const [first] = await t.db
      .select({ id: statuses.id })
      .from(statuses)
      .where(eq(statuses.licenceId, acme.licenceId))
      .orderBy(asc(statuses.index))
      .limit(1);
    expect(application).toMatchObject({ jobOfferId: offerId, statusId: first?.id, source: 'linkedin' });
    expect(application?.answers).toEqual([
      { question_id: questionIds[0], kind: 'short_text', label: 'Years of Go?', answer: '5' },
      { question_id: questionIds[1], kind: 'yes_no', label: 'Can you relocate?', answer: true },
      { question_id: questionIds[2], kind: 'single_choice', label: 'Start', answer: 'In 3 months' },
    ]);
    const files = await t.db
      .select({
        name: candidateFiles.name,
        isCv: candidateFiles.isCv,
        text: candidateFiles.text,
        uploader: candidateFiles.uploaderId,
      })
      .from(candidateFiles)
      .where(eq(candidateFiles.candidateId, id))
      .orderBy(asc(candidateFiles.id));
    expect(files).toEqual([
      expect.objectContaining({ name: 'cv.txt', isCv: true, uploader: null }),
      expect.objectContaining({ name: 'Cover letter.txt', isCv: false, text: 'I love engines.\nTruly.' }),
    ]);
    const [consent] = await t.db
      .select()
      .from(candidateConsents)
      .where(eq(candidateConsents.candidateId, id));
    expect(consent).toMatchObject({
      jobApplicationId: application?.id,
      address: expect.stringMatching(/^203\.0\.113\./),
    });
    expect(consent?.text).toContain('I agree that acme-apply organisation processes my personal data');
    expect(consent?.text).toContain('(https://acme.example/privacy)');
    // Held by consent since it was given (issue 24, decision 195).
    const [basis] = await t.db
      .select({ basis: candidates.legalBasis, by: candidates.legalBasisBy })
      .from(candidates)
      .where(eq(candidates.id, id));
    expect(basis).toEqual({ basis: 'consent', by: null });
    const events = await t.db
      .select({ kind: candidateEvents.kind, data: candidateEvents.data })
      .from(candidateEvents)
      .where(eq(candidateEvents.candidateId, id))
      .orderBy(asc(candidateEvents.id));
    expect(events).toEqual([
      { kind: 'created', data: { how: 'careers', file: 'cv.txt' } },
      expect.objectContaining({
        kind: 'application_created',
        data: expect.objectContaining({ via: 'careers', source: 'linkedin' }),
      }),
    ]);
    const credits = await t.db.select().from(creditEvents).where(eq(creditEvents.licenceId, acme.licenceId));
    expect(credits.map((c) => c.reason)).toContain('careers_application');
    const notified = await t.db
      .select({ kind: notifications.kind, applicationId: notifications.jobApplicationId })
      .from(notifications)
      .where(eq(notifications.candidateId, id));
    expect(notified).toEqual([
      { kind: 'application', applicationId: application?.id },
      { kind: 'application', applicationId: application?.id },
    ]);

    const mails = await until(
      () => sink.received.slice(before),
      (m) => m.length >= 3,
    );
    const to = mails.flatMap((m) => m.to).sort();
    expect(to).toEqual([acme.admin.email, 'ada@example.org', 'assigned@acme-apply.test'].sort());
    const confirmation = parseMail(mails.find((m) => m.to.includes('ada@example.org'))?.raw ?? '');
    expect(confirmation.headers.subject).toBe('Your application for Backend developer');
    expect(confirmation.text).toContain('Hello Ada,');
    expect(confirmation.headers.from).toContain('acme-apply organisation');
    const notice = parseMail(mails.find((m) => m.to.includes('assigned@acme-apply.test'))?.raw ?? '');
    expect(notice.headers.subject).toContain('new application from Ada Lovelace for Backend developer');
    expect(notice.text).toContain(`https://jobs.example.test/jobs/${offerId}?candidate=${id}`);
  });
});

describe('applying again, and as someone already known', () => {
  it('updates the one application of a second try (same email in other case), the new CV the CV', async () => {
    const v = newVisitor();
    const first = await v.apply(offerUrl, applicant('grace@example.org', {}, answers()));
    expect(first.statusCode, first.body).toBe(303);
    const again: [string, string][] = [...answers()];
    again[0] = [`q_${questionIds[0]}`, '7'];
    const second = await v.apply(
      offerUrl,
      applicant(
        'Grace@Example.org',
        { cv: { filename: 'cv-2026.txt', content: 'Grace Hopper, COBOL', type: 'text/plain' } },
        again,
      ),
      { source: 'indeed' },
    );
    expect(second.statusCode, second.body).toBe(303);
    const found = await candidatesWith('grace@example.org');
    expect(found).toHaveLength(1);
    const id = found[0]?.id as number;
    const applications = await applicationsOf(id);
    expect(applications).toHaveLength(1);
    expect(applications[0]?.source).toBe('indeed');
    expect(applications[0]?.answers).toEqual(
      expect.arrayContaining([expect.objectContaining({ answer: '7' })]),
    );
    const files = await t.db
      .select({ name: candidateFiles.name, isCv: candidateFiles.isCv })
      .from(candidateFiles)
      .where(eq(candidateFiles.candidateId, id))
      .orderBy(asc(candidateFiles.id));
    expect(files).toEqual([
      { name: 'cv.txt', isCv: false },
      { name: 'cv-2026.txt', isCv: true },
    ]);
    const events = await t.db
      .select({ kind: candidateEvents.kind })
      .from(candidateEvents)
      .where(eq(candidateEvents.candidateId, id));
    expect(events.filter((e) => e.kind === 'application_created')).toHaveLength(1);
  });

  it('joins a candidate the recruiters already have, spending no credit', async () => {
    const [known] = await t.db
      .insert(candidates)
      .values({ licenceId: acme.licenceId, firstName: 'Known', lastName: 'Person' })
      .returning({ id: candidates.id });
    // Sourced by a recruiter: held by legitimate interest until the form's consent.
    await t.db.execute(
      sql`insert into candidate_contacts (licence_id, candidate_id, kind, value, is_primary)
          values (${acme.licenceId}, ${known?.id}, 'email', 'known@example.org', true)`,
    );
    const spent = async () =>
      (await t.db.select().from(creditEvents).where(eq(creditEvents.licenceId, acme.licenceId))).length;
    const before = await spent();
    const res = await newVisitor().apply(offerUrl, applicant('known@example.org', {}, answers()));
    expect(res.statusCode, res.body).toBe(303);
    expect(await spent()).toBe(before);
    const found = await candidatesWith('known@example.org');
    expect(found).toEqual([{ id: known?.id, firstName: 'Known', lastName: 'Person' }]);
    expect(await applicationsOf(known?.id as number)).toHaveLength(1);
    const [basis] = await t.db
      .select({ basis: candidates.legalBasis })
      .from(candidates)
      .where(eq(candidates.id, known?.id as number));
    expect(basis?.basis).toBe('consent');
    // The phone they gave is new to them: added, and primary as their only one.
    const phones = async () =>
      (
        (await t.db.execute(
          sql`select value, is_primary from candidate_contacts
              where candidate_id = ${known?.id} and kind = 'phone' and deleted_at is null`,
        )) as unknown as { rows: unknown[] }
      ).rows;
    expect(await phones()).toEqual([{ value: '+33 6 12 34 56 78', is_primary: true }]);
    // Given again, spelled otherwise, it is the same phone: nothing added.
    const again = await newVisitor().apply(
      offerUrl,
      applicant('known@example.org', { phone: '+33612345678' }, answers()),
    );
    expect(again.statusCode, again.body).toBe(303);
    expect(await phones()).toEqual([{ value: '+33 6 12 34 56 78', is_primary: true }]);
  });

  it('never turns an applicant away for want of credits: the licence goes over its limit', async () => {
    await t.db
      .update(licences)
      .set({ creditsUsed: sql`${licences.creditsMax}` })
      .where(eq(licences.id, acme.licenceId));
    const res = await newVisitor().apply(offerUrl, applicant('late@example.org', {}, answers()));
    expect(res.statusCode, res.body).toBe(303);
    const [licence] = await t.db.select().from(licences).where(eq(licences.id, acme.licenceId));
    expect(licence?.creditsUsed).toBe((licence?.creditsMax ?? 0) + 1);
    expect(await candidatesWith('late@example.org')).toHaveLength(1);
    await t.db.update(licences).set({ creditsUsed: 0 }).where(eq(licences.id, acme.licenceId));
  });
});

describe('the confirmation mail', () => {
  it('uses the licence’s own text in the visitor’s language', async () => {
    await t.db
      .update(careersSites)
      .set({
        confirmationSubjectFr: 'Merci {first_name} !',
        confirmationBodyFr: 'Bonjour {first_name} {last_name}, merci pour {job_offer}. {organisation}',
      })
      .where(eq(careersSites.licenceId, acme.licenceId));
    const before = sink.received.length;
    const res = await newVisitor().apply(
      offerUrl,
      applicant('marie@example.org', { first_name: 'Marie' }, answers()),
      {
        query: '?lang=fr',
      },
    );
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/careers/acme-apply/jobs/backend/applied?lang=fr');
    const mails = await until(
      () => sink.received.slice(before).filter((m) => m.to.includes('marie@example.org')),
      (m) => m.length >= 1,
    );
    const mail = parseMail(mails[0]?.raw ?? '');
    expect(mail.headers.subject).toBe('Merci Marie !');
    expect(mail.text).toContain(
      'Bonjour Marie Lovelace, merci pour Backend developer. acme-apply organisation',
    );
  });
});

describe('parallel applications', () => {
  it('makes one candidate and application each, and one for an email sent twice at once', async () => {
    const sends = Array.from({ length: 12 }, (_, i) =>
      visitor(t, `192.0.2.${100 + i}`).apply(
        offerUrl,
        applicant(i < 4 ? 'twice@example.org' : `p${i}@example.org`, {}, answers()),
      ),
    );
    const results = await Promise.all(sends);
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(303));
    expect(await candidatesWith('twice@example.org')).toHaveLength(1);
    for (let i = 4; i < 12; i++) expect(await candidatesWith(`p${i}@example.org`)).toHaveLength(1);
    const [twice] = await candidatesWith('twice@example.org');
    expect(await applicationsOf(twice?.id as number)).toHaveLength(1);
  });
});
