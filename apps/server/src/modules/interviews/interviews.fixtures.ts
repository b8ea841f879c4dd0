import { simpleParser } from 'mailparser';
import ical, { type Attendee, type VEvent } from 'node-ical';
import { beforeAll } from 'vitest';
import { insertCandidate, withMailingApp } from '../../test/fixtures/email-sending.ts';
import { apply, insertOffer } from '../../test/fixtures/job-applications.ts';
import { type Organisation, organisation } from '../../test/fixtures/organisation.ts';
import type { Headers, TestApp } from '../../test/harness.ts';
import type { ReceivedMail, SmtpSink } from '../../test/smtp-sink.ts';

/** What an interviews test file works with: the app, two organisations, the SMTP sink, a read-only user. */
export type InterviewsSuite = {
  t: TestApp;
  org: Organisation;
  other: Organisation;
  sink: SmtpSink;
  reader: Headers;
};

/**
 * The interviews tests' set-up (issue 27), shared by their files: an app mailing to an SMTP sink with its job
 * worker polling every 20 ms, a second organisation and a read-only user, handed to `set` before the file's
 * tests; and the helpers that schedule and read the mailed invitations back (mailparser and node-ical).
 */
export function interviewsSuite(set: (made: InterviewsSuite) => void) {
  let t: TestApp, org: Organisation, sink: SmtpSink;
  withMailingApp({ pollMs: 20 }, (made) => ({ t, org, sink } = made));
  beforeAll(async () => {
    const other = await organisation(t);
    const readOnly = await t.user(org.licence.id, 'reader@interviews.test');
    const { users } = await import('../../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    await t.db.update(users).set({ level: 'other' }).where(eq(users.id, readOnly.id));
    const reader = t.auth((await t.login('reader@interviews.test')).jwt);
    set({ t, org, other, sink, reader });
  });

  let counter = 0;
  /** A candidate with an email in an offer the admin manages; answers the application's id and the email. */
  async function application(o: Organisation = org) {
    const email = `ada${++counter}@candidate.test`;
    const candidateId = await insertCandidate(t, o.licence.id, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
    });
    const offer = await insertOffer(t, o.licence.id, o.admin.id, `Engineer ${counter}`);
    const [id] = await apply(t, o.licence.id, offer, [{ candidateId, statusId: o.statuses[0]?.id ?? null }]);
    return { id: id ?? 0, email, candidateId, offer };
  }

  const input = (over: Record<string, unknown> = {}) => ({
    date: '2030-03-05',
    start_time: '10:00',
    duration_minutes: 45,
    time_zone: 'Europe/Paris',
    candidate_time_zone: 'America/New_York',
    kind: 'video',
    location: 'https://meet.example.test/abc',
    interviewer_ids: [org.alice.id, org.bob.id],
    ...over,
  });

  const schedule = (applicationId: number, payload: object, headers: Headers = org.admin.headers) =>
    t.app.inject({
      method: 'POST',
      url: `/api/job_applications/${applicationId}/interviews`,
      headers,
      payload,
    });
  const reschedule = (id: number, payload: object, headers: Headers = org.admin.headers) =>
    t.app.inject({ method: 'PATCH', url: `/api/interviews/${id}`, headers, payload });

  /** The mails to `to` whose calendar has this UID and SEQUENCE, parsed: the message and its one event. */
  async function invitation(to: string, uid: string, sequence: number) {
    let found: Awaited<ReturnType<typeof parse>> | undefined;
    for (let i = 0; i < 800 && !found; i++) {
      for (const mail of sink.received.filter((m: ReceivedMail) => m.to.includes(to))) {
        const parsed = await parse(mail);
        if (parsed.event.uid === uid && Number(parsed.event.sequence) === sequence) found = parsed;
      }
      if (!found) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    if (!found) throw new Error('no invitation');
    return found;
  }

  async function parse(mail: ReceivedMail) {
    const message = await simpleParser(mail.raw);
    const part = message.attachments.find((a) => /calendar|ics/.test(a.contentType));
    if (!part) throw new Error('no calendar part');
    const text = part.content.toString('utf8');
    const data = ical.sync.parseICS(text);
    const event = Object.values(data).find((c) => c?.type === 'VEVENT') as VEvent;
    const method = /^METHOD:(\w+)/m.exec(text)?.[1];
    const attendees = ([] as Attendee[])
      .concat(event.attendee ?? [])
      .map((a) => (typeof a === 'string' ? a : String(a.val)).replace(/^mailto:/i, '').toLowerCase())
      .sort();
    return { message, text, event, method, attendees };
  }

  async function uidOf(interviewId: number) {
    const { interviews } = await import('../../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    const [row] = await t.db
      .select({ uid: interviews.uid })
      .from(interviews)
      .where(eq(interviews.id, interviewId));
    return row?.uid;
  }

  /** The answer link of the candidate's invitation (the path under /careers). */
  async function answerLink(email: string, interviewId: number) {
    const uid = (await uidOf(interviewId)) ?? '';
    const mail = await invitation(email, uid, 0);
    const link = /https?:\/\/[^\s]+\/careers\/-\/interviews\/\d+\/[^\s]+/.exec(mail.message.text ?? '')?.[0];
    if (!link) throw new Error('no answer link');
    return new URL(link).pathname;
  }

  return { application, input, schedule, reschedule, invitation, parse, uidOf, answerLink };
}
