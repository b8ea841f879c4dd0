import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateEmails, jobApplications } from '../../db/schema/index.ts';
import { insertCandidate, sendingRequests } from '../../test/fixtures/email-sending.ts';
import {
  insertApplications,
  type Organisation,
  organisation,
  setSetting,
} from '../../test/fixtures/organisation.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { parseMail } from '../../test/mime.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';

let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let org: Organisation;
let other: Organisation;
const api = sendingRequests(() => t);

const REFUSED = 'refused@mail.test';

beforeAll(async () => {
  sink = await startSmtpSink({ refuse: [REFUSED] });
  t = await createTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'Vivier <jobs@vivier.test>' });
  // The queue's worker, with short waits: a refused message is tried again 20 ms later, then 40 ms …
  await t.app.jobs.start({ pollMs: 20, backoffMs: 20 });
  org = await organisation(t);
  other = await organisation(t);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const TEMPLATE = {
  name: 'First contact',
  subject: 'Hello [:first_name:], about your time at [:last_company:]',
  content:
    '<p>Dear [:first_name:] [:last_name:],</p><p>As a [:title:] who worked at [:last_companies_3:] ' +
    '(lately [:last_companies_2:]) and studied at [:last_school:] / [:last_school_2:] / [:last_school_3:], ' +
    'you may like <a href="https://vivier.test/jobs">this offer</a>.</p>',
};

/** The status of a candidate's application in the offer. */
const statusOf = async (jobOfferId: number, candidateId: number) =>
  (
    await t.db
      .select({ statusId: jobApplications.statusId })
      .from(jobApplications)
      .where(and(eq(jobApplications.jobOfferId, jobOfferId), eq(jobApplications.candidateId, candidateId)))
  )[0]?.statusId;

const recordsOf = (candidateId: number) =>
  t.db.select().from(candidateEmails).where(eq(candidateEmails.candidateId, candidateId));

/** A fresh offer of Alice's with the template linked and candidates in the pipeline. */
async function offerWithCandidates() {
  const [toContact, contacted, interview] = org.statuses;
  if (!toContact || !contacted || !interview) throw new Error('no pipeline');
  const template = await api.createTemplate(org.alice.headers, TEMPLATE);
  const offer = await api.createOffer(org.alice.headers, {
    name: 'Engineer',
    email_template_id: template.id,
  });
  const ada = await insertCandidate(t, org.licence.id, {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@mail.test',
    details: {
      title: 'Analyst',
      experiences: [{ company: 'Babbage & Co' }, { company: 'Royal Society' }, { company: 'Byron Ltd' }],
      educations: [{ school: 'Home' }, { school: 'London' }, { school: 'Cambridge' }],
    },
  });
  const grace = await insertCandidate(t, org.licence.id, { firstName: 'Grace', email: 'grace@mail.test' });
  const alan = await insertCandidate(t, org.licence.id, {
    firstName: 'Alan',
    lastName: 'Turing',
    email: 'alan@mail.test',
  });
  const nomail = await insertCandidate(t, org.licence.id, { firstName: 'No', lastName: 'Mail' });
  await insertApplications(t, org.licence.id, offer.id, [
    { candidateId: ada, statusId: toContact.id },
    { candidateId: grace, statusId: null },
    { candidateId: alan, statusId: interview.id },
    { candidateId: nomail, statusId: toContact.id },
  ]);
  return { offer, template, ada, grace, alan, nomail, toContact, contacted, interview };
}

describe('POST /api/job_offers/{id}/emails through a real SMTP server', () => {
  it('sends each candidate their own message with the signature, records it and moves them to the contacted status', async () => {
    const signature = await api.saveSignature(
      org.alice.headers,
      '<p><strong>Uma User</strong></p><p>Recruiter</p><script>alert(1)</script>',
    );
    expect(signature.json()).toEqual({
      value: '<p><strong>Uma User</strong></p><p>Recruiter</p>',
      source: 'stored',
    });
    const o = await offerWithCandidates();
    const before = sink.received.length;

    const { started, progress } = await api.sendAndWait(org.alice.headers, o.offer.id, {
      candidate_ids: [o.ada, o.grace, o.alan, o.nomail],
    });
    expect(started).toEqual({
      id: expect.any(Number),
      total: 3,
      skipped: [{ candidate_id: o.nomail, full_name: 'No Mail', reason: 'no_email' }],
    });
    expect(progress).toEqual({
      id: started.id,
      state: 'done',
      total: 3,
      sent: 3,
      failed: 0,
      skipped: 1,
      contacted_status: { id: o.contacted.id, name: 'Contacted' },
    });

    const mails = sink.received.slice(before);
    expect(mails.map((m) => m.to).sort()).toEqual([
      ['ada@mail.test'],
      ['alan@mail.test'],
      ['grace@mail.test'],
    ]);
    const toAda = mails.find((m) => m.to[0] === 'ada@mail.test');
    if (!toAda) throw new Error('no mail to Ada');
    expect(toAda.from).toBe('jobs@vivier.test');
    const ada = parseMail(toAda.raw);
    expect(ada.headers.subject).toBe('Hello Ada, about your time at Babbage & Co');
    expect(ada.headers.from).toBe('Uma User <jobs@vivier.test>');
    expect(ada.headers['reply-to']).toBe(`Uma User <${org.alice.email}>`);
    expect(ada.html).toBe(
      '<p>Dear Ada Lovelace,</p><p>As a Analyst who worked at Babbage &amp; Co, Royal Society, Byron Ltd ' +
        '(lately Babbage &amp; Co, Royal Society) and studied at Home / Home, London / Home, London, Cambridge, ' +
        'you may like <a href="https://vivier.test/jobs">this offer</a>.</p>' +
        '<br /><p><strong>Uma User</strong></p><p>Recruiter</p>',
    );
    expect(ada.text).toContain('Dear Ada Lovelace,');
    expect(ada.text).toContain('this offer (https://vivier.test/jobs)');
    expect(ada.text).toMatch(/\n\r?\nUma User\r?\n\r?\nRecruiter$/);

    // Partial data: the missing values are empty, and no token is left anywhere.
    const grace = parseMail(mails.find((m) => m.to[0] === 'grace@mail.test')?.raw ?? '');
    expect(grace.headers.subject).toBe('Hello Grace, about your time at');
    expect(grace.html).toContain('<p>Dear Grace ,</p>');
    for (const mail of mails) expect(mail.raw).not.toMatch(/\[:[a-z_0-9]*:\]/);

    expect(await statusOf(o.offer.id, o.ada)).toBe(o.contacted.id);
    expect(await statusOf(o.offer.id, o.grace)).toBe(o.contacted.id);
    // Already further in the pipeline: a message does not send them back.
    expect(await statusOf(o.offer.id, o.alan)).toBe(o.interview.id);
    expect(await statusOf(o.offer.id, o.nomail)).toBe(o.toContact.id);

    const [record] = await recordsOf(o.ada);
    expect(record).toMatchObject({
      licenceId: org.licence.id,
      jobOfferId: o.offer.id,
      senderId: org.alice.id,
      senderEmail: org.alice.email,
      recipient: 'ada@mail.test',
      subject: 'Hello Ada, about your time at Babbage & Co',
    });
    expect(await recordsOf(o.nomail)).toEqual([]);

    const history = await t.app.inject({ url: `/api/candidates/${o.ada}/emails`, headers: org.bob.headers });
    expect(history.json()).toEqual({
      data: [
        {
          id: expect.any(Number),
          sent_at: expect.any(String),
          subject: 'Hello Ada, about your time at Babbage & Co',
          to: 'ada@mail.test',
          sender: { id: org.alice.id, email: org.alice.email },
          job_offer: { id: o.offer.id, name: 'Engineer' },
        },
      ],
      total_count: 1,
    });
  });

  it('retries a message the mail server refuses, then counts it failed: not recorded, not moved; the others go', async () => {
    const o = await offerWithCandidates();
    const refused = await insertCandidate(t, org.licence.id, { firstName: 'Refused', email: REFUSED });
    await insertApplications(t, org.licence.id, o.offer.id, [
      { candidateId: refused, statusId: o.toContact.id },
    ]);

    const before = sink.received.length;
    const { progress } = await api.sendAndWait(org.alice.headers, o.offer.id, {
      candidate_ids: [refused, o.ada],
    });
    expect(progress).toMatchObject({ state: 'done', total: 2, sent: 1, failed: 1 });
    // Ada's message went once, though the job ran again for the refused one.
    expect(sink.received.slice(before).flatMap((m) => m.to)).toEqual(['ada@mail.test']);
    expect(sink.refusals(REFUSED)).toBeGreaterThanOrEqual(5);
    expect(await recordsOf(refused)).toEqual([]);
    expect(await statusOf(o.offer.id, refused)).toBe(o.toContact.id);
    expect(await statusOf(o.offer.id, o.ada)).toBe(o.contacted.id);
  });

  it('moves nobody when the licence has no contacted status', async () => {
    await setSetting(t, org.licence.id, 'contacted_status', '');
    try {
      const o = await offerWithCandidates();
      const { progress } = await api.sendAndWait(org.alice.headers, o.offer.id, { candidate_ids: [o.ada] });
      expect(progress).toMatchObject({ sent: 1, contacted_status: null });
      expect(await statusOf(o.offer.id, o.ada)).toBe(o.toContact.id);
      expect(await recordsOf(o.ada)).toHaveLength(1);
    } finally {
      await setSetting(t, org.licence.id, 'contacted_status', String(org.statuses[1]?.id));
    }
  });

  it('sends another template of the licence when asked', async () => {
    const o = await offerWithCandidates();
    const follow = await api.createTemplate(org.alice.headers, {
      name: 'Follow-up',
      subject: 'Again, [:first_name:]',
    });
    const before = sink.received.length;
    await api.sendAndWait(org.alice.headers, o.offer.id, {
      candidate_ids: [o.grace],
      email_template_id: follow.id,
    });
    expect(parseMail(sink.received[before]?.raw ?? '').headers.subject).toBe('Again, Grace');
  });
});

describe('what sending refuses', () => {
  it('answers 422 when the offer has no template and none is named', async () => {
    const offer = await api.createOffer(org.alice.headers, { name: 'No template' });
    const candidate = await insertCandidate(t, org.licence.id, { firstName: 'X', email: 'x@mail.test' });
    await insertApplications(t, org.licence.id, offer.id, [{ candidateId: candidate, statusId: null }]);
    const res = await api.send(org.alice.headers, offer.id, { candidate_ids: [candidate] });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: 'no_email_template',
      message: 'This job offer has no email template',
    });
  });

  it("refuses other tenants' ids like missing ones, sending nothing", async () => {
    const o = await offerWithCandidates();
    const theirTemplate = await api.createTemplate(other.alice.headers, { name: 'Theirs', subject: 'x' });
    const theirOffer = await api.createOffer(other.alice.headers, {
      name: 'Theirs',
      email_template_id: theirTemplate.id,
    });
    const theirCandidate = await insertCandidate(t, other.licence.id, {
      firstName: 'T',
      email: 't@mail.test',
    });
    await insertApplications(t, other.licence.id, theirOffer.id, [
      { candidateId: theirCandidate, statusId: null },
    ]);
    const before = sink.received.length;

    const offerRes = await api.send(org.alice.headers, theirOffer.id, { candidate_ids: [theirCandidate] });
    expect(offerRes.statusCode).toBe(404);
    expect(offerRes.json()).toEqual({ error: 'not_found', message: 'Job offer not found' });
    const candidateRes = await api.send(org.alice.headers, o.offer.id, {
      candidate_ids: [o.ada, theirCandidate],
    });
    expect(candidateRes.statusCode).toBe(422);
    expect(candidateRes.json().message).toBe(`Candidate ${theirCandidate} not found in this job offer`);
    const templateRes = await api.send(org.alice.headers, o.offer.id, {
      candidate_ids: [o.ada],
      email_template_id: theirTemplate.id,
    });
    expect(templateRes.statusCode).toBe(422);
    expect(templateRes.json().message).toBe('Email template not found');
    expect((await api.preview(org.alice.headers, theirOffer.id, {})).statusCode).toBe(404);
    const history = await t.app.inject({
      url: `/api/candidates/${theirCandidate}/emails`,
      headers: org.alice.headers,
    });
    expect(history.statusCode).toBe(404);

    expect(sink.received.length).toBe(before);
    expect(await statusOf(o.offer.id, o.ada)).toBe(o.toContact.id);
  });

  it('skips an address that is not one plain address, so it can never add recipients', async () => {
    const o = await offerWithCandidates();
    const listed = await insertCandidate(t, org.licence.id, {
      firstName: 'List',
      email: 'a@mail.test, b@mail.test',
    });
    const named = await insertCandidate(t, org.licence.id, {
      firstName: 'Named',
      email: 'Evil <c@mail.test>',
    });
    const broken = await insertCandidate(t, org.licence.id, { firstName: 'Broken', email: 'not an address' });
    await insertApplications(t, org.licence.id, o.offer.id, [
      { candidateId: listed, statusId: null },
      { candidateId: named, statusId: null },
      { candidateId: broken, statusId: null },
    ]);
    const before = sink.received.length;
    const { started } = await api.sendAndWait(org.alice.headers, o.offer.id, {
      candidate_ids: [listed, named, broken, o.grace],
    });
    expect(started.skipped).toEqual([
      { candidate_id: listed, full_name: 'List', reason: 'invalid_email' },
      { candidate_id: named, full_name: 'Named', reason: 'invalid_email' },
      { candidate_id: broken, full_name: 'Broken', reason: 'invalid_email' },
    ]);
    expect(sink.received.slice(before).flatMap((m) => m.to)).toEqual(['grace@mail.test']);
    expect(await statusOf(o.offer.id, listed)).toBeNull();
  });

  it('refuses a candidate of the licence who is not in this offer', async () => {
    const o = await offerWithCandidates();
    const outsider = await insertCandidate(t, org.licence.id, { firstName: 'Out', email: 'out@mail.test' });
    const res = await api.send(org.alice.headers, o.offer.id, { candidate_ids: [outsider] });
    expect(res.statusCode).toBe(422);
  });

  it('answers 403 to a user who sees the offer but may not change it; the preview is theirs to see', async () => {
    const o = await offerWithCandidates();
    const res = await api.send(org.bob.headers, o.offer.id, { candidate_ids: [o.ada] });
    expect(res.statusCode).toBe(403);
    expect(await recordsOf(o.ada)).toEqual([]);
    expect((await api.preview(org.bob.headers, o.offer.id, { candidate_ids: [o.ada] })).statusCode).toBe(200);
    expect((await api.send(org.admin.headers, o.offer.id, { candidate_ids: [o.ada] })).statusCode).toBe(202);
  });

  it('rejects malformed bodies with 400', async () => {
    const o = await offerWithCandidates();
    for (const body of [
      {},
      { candidate_ids: [] },
      { candidate_ids: ['1'] },
      { candidate_ids: [1.5] },
      { candidate_ids: [-1] },
      { candidate_ids: Array.from({ length: 201 }, (_, i) => i + 1) },
      { candidate_ids: [o.ada], unknown: 1 },
      { candidate_ids: [o.ada], email_template_id: 'x' },
    ]) {
      const res = await api.send(org.alice.headers, o.offer.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await api.send(org.alice.headers, 0, { candidate_ids: [o.ada] })).statusCode).toBe(400);
    expect((await api.send({}, o.offer.id, { candidate_ids: [o.ada] })).statusCode).toBe(401);
  });
});
