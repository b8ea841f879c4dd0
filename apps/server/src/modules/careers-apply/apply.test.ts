import { solveChallenge } from 'altcha-lib/v1';
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  candidateConsents,
  candidateEvents,
  candidateFiles,
  candidates,
  careersSites,
  creditEvents,
  jobApplications,
  jobOfferAssignedUsers,
  jobOfferQuestions,
  licences,
  notifications,
  statuses,
} from '../../db/schema/index.ts';
import { withMailingApp } from '../../test/fixtures/email-sending.ts';
import type { Organisation } from '../../test/fixtures/organisation.ts';
import type { TestApp } from '../../test/harness.ts';
import { parseMail } from '../../test/mime.ts';
import type { SmtpSink } from '../../test/smtp-sink.ts';
import { careersLicence } from '../careers/careers.fixtures.ts';
import { applicant, hiddenValue, multipartBody, visitor } from './apply.fixtures.ts';

// Applying through the careers site (issue 23, decision 191): POST /careers/{slug}/jobs/{public_slug}/apply.
let t: TestApp, org: Organisation, sink: SmtpSink;
withMailingApp(
  {
    pollMs: 20,
    env: {
      VIVIER_CAREERS_MIN_FILL_SECONDS: '0',
      VIVIER_CAREERS_APPLY_FREE: '3',
      VIVIER_CAREERS_APPLY_MAX: '6',
      VIVIER_PUBLIC_URL: 'https://jobs.example.test',
    },
  },
  (made) => ({ t, org, sink } = made),
);

let acme: Awaited<ReturnType<typeof careersLicence>>;
let offerUrl: string;
let offerId: number;
let questionIds: number[];
let address = 0;
const newVisitor = () => visitor(t, `203.0.113.${++address}`);

async function until<T>(read: () => T, done: (value: T) => boolean) {
  for (let i = 0; i < 200; i++) {
    const value = read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return read();
}

const candidatesWith = (email: string) =>
  t.db
    .select({ id: candidates.id, firstName: candidates.firstName, lastName: candidates.lastName })
    .from(candidates)
    .where(
      and(
        eq(candidates.licenceId, acme.licenceId),
        sql`exists (select 1 from candidate_contacts cc where cc.candidate_id = ${candidates.id} and lower(cc.value) = ${email.toLowerCase()})`,
      ),
    );

const applicationsOf = (candidateId: number) =>
  t.db.select().from(jobApplications).where(eq(jobApplications.candidateId, candidateId));

beforeAll(async () => {
  acme = await careersLicence(t, 'acme-apply', { privacyNoticeUrl: 'https://acme.example/privacy' });
  const offer = await acme.offer({ name: 'Backend developer', publicSlug: 'backend' });
  offerId = offer.id;
  offerUrl = '/careers/acme-apply/jobs/backend';
  const assigned = await t.user(acme.licenceId, 'assigned@acme-apply.test');
  await t.db.insert(jobOfferAssignedUsers).values({ jobOfferId: offer.id, userId: assigned.id });
  const rows = await t.db
    .insert(jobOfferQuestions)
    .values([
      {
        licenceId: acme.licenceId,
        jobOfferId: offer.id,
        position: 0,
        kind: 'short_text',
        label: 'Years of Go?',
        required: true,
      },
      {
        licenceId: acme.licenceId,
        jobOfferId: offer.id,
        position: 1,
        kind: 'yes_no',
        label: 'Can you relocate?',
      },
      {
        licenceId: acme.licenceId,
        jobOfferId: offer.id,
        position: 2,
        kind: 'single_choice',
        label: 'Start',
        choices: ['Now', 'In 3 months'],
        required: true,
      },
    ])
    .returning({ id: jobOfferQuestions.id });
  questionIds = rows.map((r) => r.id);
});

const answers = (): [string, string][] => [
  [`q_${questionIds[0]}`, '5'],
  [`q_${questionIds[1]}`, 'yes'],
  [`q_${questionIds[2]}`, 'In 3 months'],
];

describe('the apply form', () => {
  it('is on the offer page, with the questions, the consent, the guards and the link source', async () => {
    const page = await newVisitor().get(`${offerUrl}?utm_source=LinkedIn Jobs`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<form id="apply-form" method="post" action="/careers/acme-apply/jobs/backend/apply"',
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
