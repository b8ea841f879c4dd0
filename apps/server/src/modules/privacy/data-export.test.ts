import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditEntries,
  candidateConsents,
  candidateContacts,
  candidateEmails,
  candidateEvents,
  candidateFiles,
  candidateNotes,
  candidateTags,
  emailSendRecipients,
  emailSends,
  jobApplications,
  jobOffers,
  tags,
  users,
} from '../../db/schema/index.ts';
import { insertCandidate } from '../../test/fixtures/email-sending.ts';
import { type Organisation, organisation } from '../../test/fixtures/organisation.ts';
import { type TestApp, withTestApp } from '../../test/harness.ts';
import { fileStoreFor } from '../candidate-files/candidate-files.service.ts';
import { multipartBody } from '../careers/apply/apply.fixtures.ts';

let t: TestApp;
withTestApp((app) => (t = app));
let org: Organisation;
let other: Organisation;
let candidateId: number;
const CV_TEXT = 'Grace Hopper\nCOBOL, compilers, naval reserve.';
const LETTER = 'Dear team, I would like to join.';

const upload = async (filename: string, content: string) => {
  const body = multipartBody([['file', { filename, content, type: 'text/plain' }]]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/candidates/${candidateId}/files`,
    headers: { ...org.admin.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
};

const exportOf = (id: number, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/candidates/${id}/data_export`, headers });

/** A candidate with one record of every kind Vivier keeps about a person. */
beforeAll(async () => {
  org = await organisation(t);
  other = await organisation(t);
  const licenceId = org.licence.id;
  candidateId = await insertCandidate(t, licenceId, {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@example.test',
    details: { title: 'Rear admiral', skills: ['COBOL'] },
  });
  await t.db
    .insert(candidateContacts)
    .values({ licenceId, candidateId, kind: 'phone', value: '+33 6 12 34 56 78' });
  const [tag] = await t.db.insert(tags).values({ licenceId, name: 'Compilers' }).returning();
  await t.db.insert(candidateTags).values({ candidateId, tagId: tag?.id ?? 0 });
  const [offer] = await t.db
    .insert(jobOffers)
    .values({ licenceId, userId: org.admin.id, name: 'Compiler engineer' })
    .returning();
  const jobOfferId = offer?.id ?? 0;
  const [application] = await t.db
    .insert(jobApplications)
    .values({
      licenceId,
      candidateId,
      jobOfferId,
      statusId: org.statuses[0]?.id ?? null,
      source: 'careers_page',
      answers: [{ question_id: 1, label: 'Why us?', answer: 'The ships' }],
    })
    .returning();
  const jobApplicationId = application?.id ?? 0;
  await t.db.insert(candidateEvents).values({
    licenceId,
    candidateId,
    jobApplicationId,
    jobOfferId,
    kind: 'status_changed',
    actorId: org.admin.id,
    data: { from: null, to: 'Interview' },
  });
  await t.db
    .insert(candidateNotes)
    .values({ licenceId, candidateId, authorId: org.admin.id, content: '<p>Brilliant interview</p>' });
  await t.db.insert(candidateEmails).values({
    licenceId,
    candidateId,
    jobOfferId,
    senderEmail: org.admin.email,
    recipient: 'grace@example.test',
    subject: 'Your interview',
    content: '<p>See you Monday</p>',
  });
  const [send] = await t.db
    .insert(emailSends)
    .values({ licenceId, jobOfferId, subject: 'News of your application', html: '<p>News</p>', text: 'News' })
    .returning();
  await t.db.insert(emailSendRecipients).values({
    sendId: send?.id ?? 0,
    candidateId,
    position: 0,
    email: 'grace@example.test',
    state: 'sent',
    sentAt: new Date(),
  });
  await t.db
    .insert(candidateConsents)
    .values({ licenceId, candidateId, jobApplicationId, text: 'I agree (v1)', address: '203.0.113.7' });
  await upload('cv.txt', CV_TEXT);
  await upload('lettre de motivation é.txt', LETTER);
});

describe('GET /api/candidates/:id/data_export', () => {
  it('answers a ZIP holding every kind of record in candidate.json and the files with their bytes', async () => {
    const res = await exportOf(candidateId, org.admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="candidate-${candidateId}-data.zip"`,
    );
    const zip = await JSZip.loadAsync(res.rawPayload);
    const doc = JSON.parse((await zip.file('candidate.json')?.async('string')) ?? '{}');
    expect(doc).toMatchObject({ format: 'vivier.candidate-export', version: 1 });
    expect(doc.candidate).toMatchObject({ id: candidateId, first_name: 'Grace', last_name: 'Hopper' });
    expect(doc.candidate.details.title).toBe('Rear admiral');
    expect(doc.contacts.map((c: { value: string }) => c.value)).toEqual([
      'grace@example.test',
      '+33 6 12 34 56 78',
    ]);
    expect(doc.tags).toEqual([expect.objectContaining({ name: 'Compilers' })]);
    expect(doc.applications).toEqual([
      expect.objectContaining({
        job_offer: expect.objectContaining({ name: 'Compiler engineer' }),
        status: expect.objectContaining({ id: org.statuses[0]?.id }),
        source: 'careers_page',
        answers: [{ question_id: 1, label: 'Why us?', answer: 'The ships' }],
      }),
    ]);
    expect(doc.history.map((e: { kind: string }) => e.kind)).toContain('status_changed');
    expect(doc.notes).toEqual([expect.objectContaining({ content_html: '<p>Brilliant interview</p>' })]);
    expect(doc.emails).toEqual([
      expect.objectContaining({
        kind: 'message',
        subject: 'Your interview',
        body_html: '<p>See you Monday</p>',
      }),
      expect.objectContaining({ kind: 'send', subject: 'News of your application', body_text: 'News' }),
    ]);
    expect(doc.consents).toEqual([expect.objectContaining({ text: 'I agree (v1)', address: '203.0.113.7' })]);
    expect(doc.files.map((f: { name: string; path: string }) => [f.name, f.path])).toEqual([
      ['cv.txt', 'files/1-cv.txt'],
      ['lettre de motivation é.txt', 'files/2-lettre_de_motivation_e.txt'],
    ]);
    expect(await zip.file('files/1-cv.txt')?.async('string')).toBe(CV_TEXT);
    expect(await zip.file('files/2-lettre_de_motivation_e.txt')?.async('string')).toBe(LETTER);
    expect(Object.keys(zip.files).sort()).toEqual([
      'candidate.json',
      'files/1-cv.txt',
      'files/2-lettre_de_motivation_e.txt',
    ]);
  });

  it('records the export in the audit log with ids and counts only', async () => {
    await exportOf(candidateId, org.admin.headers);
    const entries = await t.db.select().from(auditEntries).where(eq(auditEntries.action, 'candidate.export'));
    const last = entries.at(-1);
    expect(last).toMatchObject({
      licenceId: org.licence.id,
      actorKind: 'user',
      actorId: org.admin.id,
      targetKind: 'candidate',
      targetId: candidateId,
      details: { contacts: 2, applications: 1, events: 1, notes: 1, emails: 2, consents: 1, files: 2 },
    });
    expect(JSON.stringify(last)).not.toContain('Hopper');
  });

  it("answers 404 for another licence's candidate and for a missing one", async () => {
    expect((await exportOf(candidateId, other.admin.headers)).statusCode).toBe(404);
    expect((await exportOf(2_000_000_000, org.admin.headers)).statusCode).toBe(404);
  });

  it('answers 403 to a recruiter and to an admin at the read-only level, 400 to a bad id', async () => {
    expect((await exportOf(candidateId, org.alice.headers)).statusCode).toBe(403);
    const reader = await t.user(org.licence.id, `reader-admin@${org.admin.email.split('@')[1]}`, 'admin');
    await t.db.update(users).set({ level: 'other' }).where(eq(users.id, reader.id));
    const headers = t.auth((await t.login(reader.email)).jwt);
    expect((await exportOf(candidateId, headers)).statusCode).toBe(403);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/candidates/abc/data_export',
      headers: org.admin.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('says a file whose bytes the store lost has no path, and leaves it out of the ZIP', async () => {
    const [lost] = await t.db
      .select()
      .from(candidateFiles)
      .where(eq(candidateFiles.candidateId, candidateId))
      .orderBy(candidateFiles.id);
    await fileStoreFor(t.config).delete(lost?.storageKey ?? '');
    const zip = await JSZip.loadAsync((await exportOf(candidateId, org.admin.headers)).rawPayload);
    const doc = JSON.parse((await zip.file('candidate.json')?.async('string')) ?? '{}');
    expect(doc.files.map((f: { path: string | null }) => f.path)).toEqual([
      null,
      'files/1-lettre_de_motivation_e.txt',
    ]);
    expect(await zip.file('files/1-lettre_de_motivation_e.txt')?.async('string')).toBe(LETTER);
  });
});
