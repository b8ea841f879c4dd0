import { createHash } from 'node:crypto';
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
} from '../../../db/schema/index.ts';
import { withMailingApp } from '../../../test/fixtures/email-sending.ts';
import type { Organisation } from '../../../test/fixtures/organisation.ts';
import type { TestApp } from '../../../test/harness.ts';
import { parseMail } from '../../../test/mime.ts';
import type { SmtpSink } from '../../../test/smtp-sink.ts';
import { until } from '../../../test/until.ts';
import { careersLicence } from '../careers.fixtures.ts';
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
      VIVIER_MAX_FILE_BYTES: '100000',
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

describe('what the form refuses', () => {
  const applicationCount = async () =>
    (await t.db.select().from(jobApplications).where(eq(jobApplications.jobOfferId, offerId))).length;
  const storedObjects = async () =>
    (await t.db.select({ key: candidateFiles.storageKey }).from(candidateFiles)).length;

  it('shows each field error beside its field, keeps what was typed, and writes nothing', async () => {
    const before = await applicationCount();
    const files = await storedObjects();
    const res = await newVisitor().apply(
      offerUrl,
      applicant('not-an-email', { phone: 'call me', consent: null, last_name: '   ' }, [
        [`q_${questionIds[2]}`, 'Tomorrow'],
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Your application was not sent: please correct the fields below.');
    expect(res.body).toContain('Enter a valid email address.');
    expect(res.body).toContain('Enter a valid phone number.');
    expect(res.body).toContain('Your consent is needed to send your application.');
    expect(res.body).toContain('Choose one of the answers offered.');
    expect(res.body).toMatch(/id="f-last_name" name="last_name" required aria-invalid="true"/);
    expect(res.body).toContain(`id="f-q_${questionIds[0]}-error">This field is required.`);
    expect(res.body).toContain('value="not-an-email"');
    expect(res.body).toContain('Please choose your CV file again.');
    expect(await applicationCount()).toBe(before);
    expect(await storedObjects()).toBe(files);
  });

  it('refuses a CV that is not a document, or none, beside the CV field', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const wrong = await newVisitor().apply(
      offerUrl,
      applicant('png@example.org', { cv: { filename: 'cv.pdf', content: png } }, answers()),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('The CV must be a PDF, DOCX, ODT or text file.');
    const none = await newVisitor().apply(offerUrl, applicant('nocv@example.org', { cv: null }, answers()));
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('id="f-cv-error">This field is required.');
    expect(await candidatesWith('png@example.org')).toEqual([]);
  });

  it('answers a form too large or of another kind with a page, never a 500', async () => {
    const v = newVisitor();
    const urlencoded = await t.app.inject({
      method: 'POST',
      url: `${offerUrl}/apply`,
      remoteAddress: '198.18.0.9',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'first_name=Ada',
    });
    expect(urlencoded.statusCode).toBe(415);
    expect(urlencoded.headers['content-type']).toContain('text/html');
    const many = multipartBody(Array.from({ length: 60 }, (_, i): [string, string] => [`f${i}`, 'x']));
    const tooMany = await t.app.inject({
      method: 'POST',
      url: `${offerUrl}/apply`,
      remoteAddress: '198.18.0.10',
      headers: { 'content-type': many.contentType },
      payload: many.payload,
    });
    expect(tooMany.statusCode).toBeGreaterThanOrEqual(400);
    expect(tooMany.statusCode).toBeLessThan(500);
    const huge = await v.apply(
      offerUrl,
      applicant(
        'huge@example.org',
        { cv: { filename: 'cv.txt', content: 'a'.repeat(150_000), type: 'text/plain' } },
        answers(),
      ),
    );
    expect(huge.statusCode).toBe(400);
    expect(huge.body).toContain('id="f-cv-error">The CV file is too large.');
    expect(await candidatesWith('huge@example.org')).toEqual([]);
    const long = await v.apply(
      offerUrl,
      applicant('long@example.org', { cover_letter: 'x'.repeat(50_000) }, answers()),
    );
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('id="f-cover_letter-error">This answer is too long.');
  });

  it('answers 404 for an offer that is not public, or another licence’s, and writes nothing', async () => {
    const other = await careersLicence(t, 'other-apply');
    await other.offer({ name: 'Theirs', publicSlug: 'theirs' });
    await acme.offer({ name: 'Draft', publicSlug: 'draft', published: false });
    await acme.offer({ name: 'Old', publicSlug: 'old', archived: true });
    for (const url of [
      '/careers/acme-apply/jobs/theirs',
      '/careers/acme-apply/jobs/draft',
      '/careers/acme-apply/jobs/old',
      '/careers/nobody/jobs/backend',
    ]) {
      const res = await newVisitor().apply(url, applicant('ghost@example.org', {}, answers()), {
        token: '1.x',
      });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['x-robots-tag']).toBe('noindex');
    }
    expect(await candidatesWith('ghost@example.org')).toEqual([]);
  });
});

describe('spam protection', () => {
  it('drops a form whose honeypot is filled as if sent, writing nothing', async () => {
    const res = await newVisitor().apply(
      offerUrl,
      applicant('bot@example.org', { website: 'http://spam' }, answers()),
    );
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/careers/acme-apply/jobs/backend/applied');
    expect(await candidatesWith('bot@example.org')).toEqual([]);
  });

  it('asks a proof of work of a form without our token, and takes it once solved, once', async () => {
    const v = newVisitor();
    const challenged = await v.apply(offerUrl, applicant('forged@example.org', {}, answers()), {
      token: '123.forged',
    });
    expect(challenged.statusCode).toBe(400);
    expect(challenged.body).toContain('your browser will solve a short puzzle');
    expect(challenged.body).toContain('<script>(async()=>');
    expect(challenged.headers['content-security-policy']).toMatch(/script-src 'sha256-[^']+'/);
    const challenge = JSON.parse(
      (/data-challenge="([^"]*)"/.exec(challenged.body)?.[1] ?? '')
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&'),
    );
    // Solved as the page's script does: the number whose SHA-256 with the salt is the challenge.
    let number = 0;
    while (createHash('sha256').update(`${challenge.salt}${number}`).digest('hex') !== challenge.challenge)
      number++;
    const proof = Buffer.from(JSON.stringify({ ...challenge, number })).toString('base64');
    const solved = await v.apply(offerUrl, applicant('forged@example.org', { altcha: proof }, answers()), {
      token: '123.forged',
    });
    expect(solved.statusCode, solved.body).toBe(303);
    const replayed = await v.apply(offerUrl, applicant('replay@example.org', { altcha: proof }, answers()), {
      token: '123.forged',
    });
    expect(replayed.statusCode).toBe(400);
    expect(await candidatesWith('replay@example.org')).toEqual([]);
  });

  it('lets an address send a few, then challenges it, then refuses it with 429', async () => {
    const v = newVisitor();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await v.apply(offerUrl, applicant(`flood${i}@example.org`, {}, answers()))).statusCode);
    }
    expect(statuses).toEqual([303, 303, 303, 400, 400, 400, 429]);
    const refused = await v.apply(offerUrl, applicant('flood-late@example.org', {}, answers()));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.body).toContain('Too many requests');
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
