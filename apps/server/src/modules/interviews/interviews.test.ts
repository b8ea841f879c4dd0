import { simpleParser } from 'mailparser';
import ical, { type Attendee, type VEvent } from 'node-ical';
import { beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../db/raw-rows.ts';
import { insertCandidate, withMailingApp } from '../../test/fixtures/email-sending.ts';
import { apply, insertOffer } from '../../test/fixtures/job-applications.ts';
import { type Organisation, organisation } from '../../test/fixtures/organisation.ts';
import type { Headers, TestApp } from '../../test/harness.ts';
import type { ReceivedMail, SmtpSink } from '../../test/smtp-sink.ts';

// Interviews (issue 27): scheduling, the mailed invitations read back with mailparser and node-ical, the
// candidate's public answer page, scorecards.
let t: TestApp, org: Organisation, other: Organisation, sink: SmtpSink;
withMailingApp({ pollMs: 20 }, (made) => ({ t, org, sink } = made));
let reader: Headers;

beforeAll(async () => {
  other = await organisation(t);
  const readOnly = await t.user(org.licence.id, 'reader@interviews.test');
  const { users } = await import('../../db/schema/index.ts');
  const { eq } = await import('drizzle-orm');
  await t.db.update(users).set({ level: 'other' }).where(eq(users.id, readOnly.id));
  reader = t.auth((await t.login('reader@interviews.test')).jwt);
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

describe('scheduling and the invitations', () => {
  it('mails REQUEST, then an update with SEQUENCE 1, then CANCEL, same UID, times in UTC, every attendee', async () => {
    const app = await application();
    const res = await schedule(app.id, input());
    expect(res.statusCode, res.body).toBe(201);
    const interview = res.json();
    // 10:00 in Paris in March (UTC+1) is 09:00 UTC; the candidate sees it at 04:00 in New York.
    expect(interview).toMatchObject({
      starts_at: '2030-03-05T09:00:00.000Z',
      ends_at: '2030-03-05T09:45:00.000Z',
      sequence: 0,
      state: 'scheduled',
      kind: 'video',
      interviewers: [{ id: org.alice.id }, { id: org.bob.id }],
    });
    const everyone = [app.email, org.alice.email, org.bob.email].map((e) => e.toLowerCase()).sort();

    const first = await invitation(org.alice.email, (await uidOf(interview.id)) ?? '', 0);
    expect(first.method).toBe('REQUEST');
    expect(first.event.start.toISOString()).toBe('2030-03-05T09:00:00.000Z');
    expect(first.event.end?.toISOString()).toBe('2030-03-05T09:45:00.000Z');
    expect(first.text).toMatch(/DTSTART:20300305T090000Z/);
    expect(first.attendees).toEqual(everyone);
    const uid = String(first.event.uid);
    const toCandidate = await invitation(app.email, uid, 0);
    expect(toCandidate.message.text).toContain('/careers/-/interviews/');

    const moved = await reschedule(
      interview.id,
      input({ start_time: '14:30', interviewer_ids: [org.alice.id] }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ sequence: 1, starts_at: '2030-03-05T13:30:00.000Z' });
    const update = await invitation(app.email, uid, 1);
    expect(update.method).toBe('REQUEST');
    expect(update.event.start.toISOString()).toBe('2030-03-05T13:30:00.000Z');
    expect(update.attendees).toEqual([app.email, org.alice.email].map((e) => e.toLowerCase()).sort());
    // Bob, taken off, is told the event is cancelled for him.
    const bobs = await invitation(org.bob.email, uid, 1);
    expect(bobs.method).toBe('CANCEL');

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/interviews/${interview.id}/cancel`,
      headers: org.admin.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ state: 'cancelled', sequence: 2 });
    const cancel = await invitation(app.email, uid, 2);
    expect(cancel.method).toBe('CANCEL');
    expect(cancel.event.status).toBe('CANCELLED');
    expect(cancel.attendees).toEqual([app.email, org.alice.email].map((e) => e.toLowerCase()).sort());
    // A cancelled interview changes no more.
    expect((await reschedule(interview.id, input())).statusCode).toBe(409);

    const timeline = await t.app.inject({
      url: `/api/candidates/${app.candidateId}/timeline?kind=interview_scheduled,interview_rescheduled,interview_cancelled`,
      headers: org.admin.headers,
    });
    expect(timeline.json().data.map((e: { kind: string }) => e.kind)).toEqual([
      'interview_cancelled',
      'interview_rescheduled',
      'interview_scheduled',
    ]);
  });

  it('reads the wall clock in the organiser’s zone across the end of summer time in Paris', async () => {
    const app = await application();
    // The last Sunday of October 2030 is the 27th: clocks go from 03:00 CEST back to 02:00 CET.
    const cases = [
      ['2030-10-26', '10:00', '2030-10-26T08:00:00.000Z'], // Saturday, still UTC+2
      ['2030-10-27', '01:30', '2030-10-26T23:30:00.000Z'], // before the change
      ['2030-10-27', '02:30', '2030-10-27T00:30:00.000Z'], // the repeated half hour: its first occurrence
      ['2030-10-27', '10:00', '2030-10-27T09:00:00.000Z'], // after the change, UTC+1
      ['2030-10-28', '10:00', '2030-10-28T09:00:00.000Z'], // Monday
    ];
    for (const [date, start_time, utc] of cases) {
      const res = await schedule(app.id, input({ date, start_time, interviewer_ids: [org.alice.id] }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().starts_at, `${date} ${start_time}`).toBe(utc);
      const mail = await invitation(org.alice.email, (await uidOf(res.json().id)) ?? '', 0);
      expect(mail.event.start.toISOString()).toBe(utc);
    }
  });

  it('answers bad input with 400, another licence’s application 404, a read-only user 403, and writes nothing', async () => {
    const app = await application();
    for (const bad of [
      input({ date: '2030-02-30' }),
      input({ start_time: '25:00' }),
      input({ time_zone: 'Mars/Olympus' }),
      input({ duration_minutes: 0 }),
      input({ kind: 'carrier_pigeon' }),
      input({ interviewer_ids: [] }),
      input({ location: 'x'.repeat(501) }),
      { ...input(), extra: 1 },
    ]) {
      const res = await schedule(app.id, bad as object);
      expect(res.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: `/api/job_applications/${app.id}/interviews`,
      headers: { ...org.admin.headers, 'content-type': 'application/json' },
      payload: '{"date": ',
    });
    expect(malformed.statusCode).toBe(400);
    const stranger = await schedule(app.id, input(), other.admin.headers);
    expect(stranger.statusCode).toBe(404);
    expect((await schedule(app.id, input(), reader)).statusCode).toBe(403);
    const foreignInterviewer = await schedule(app.id, input({ interviewer_ids: [other.alice.id] }));
    expect(foreignInterviewer.statusCode).toBe(422);
    const list = await t.app.inject({
      url: `/api/job_applications/${app.id}/interviews`,
      headers: org.admin.headers,
    });
    expect(list.json().data).toEqual([]);
    expect(
      (
        await t.app.inject({
          url: `/api/job_applications/${app.id}/interviews`,
          headers: other.admin.headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('gives parallel reschedules each their own SEQUENCE', async () => {
    const app = await application();
    const { id } = (await schedule(app.id, input({ interviewer_ids: [org.alice.id] }))).json();
    const answers = await Promise.all(
      ['11:00', '12:00', '13:00', '15:00'].map((start_time) =>
        reschedule(id, input({ start_time, interviewer_ids: [org.alice.id] })),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers.map((r) => r.json().sequence).sort()).toEqual([1, 2, 3, 4]);
    const list = await t.app.inject({
      url: `/api/job_applications/${app.id}/interviews`,
      headers: org.admin.headers,
    });
    expect(list.json().data[0].sequence).toBe(4);
  });
});

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

describe('the candidate’s answer page', () => {
  it('shows only that interview’s time and place, records the answer on the timeline and notifies the interviewers', async () => {
    const app = await application();
    const { id } = (await schedule(app.id, input({ interviewer_ids: [org.alice.id] }))).json();
    const path = await answerLink(app.email, id);
    const page = await t.app.inject({ url: path, headers: { 'accept-language': 'fr' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('https://meet.example.test/abc');
    expect(page.body).toContain('Accepter');
    // The time in the candidate's zone (New York): 04:00.
    expect(page.body).toMatch(/04:00/);
    expect(page.body).not.toContain(org.alice.email);
    expect(page.body).not.toContain('Lovelace');

    const answered = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'answer=accepted',
    });
    expect(answered.statusCode).toBe(200);
    const list = (
      await t.app.inject({ url: `/api/job_applications/${app.id}/interviews`, headers: org.admin.headers })
    ).json();
    expect(list.data[0].answer).toMatchObject({ kind: 'accepted' });
    const timeline = await t.app.inject({
      url: `/api/candidates/${app.candidateId}/timeline?kind=interview_answered`,
      headers: org.admin.headers,
    });
    expect(timeline.json().data[0]).toMatchObject({ actor: null, data: { answer: 'accepted' } });
    const bell = await t.app.inject({ url: '/api/notifications', headers: org.alice.headers });
    expect(bell.json().data[0]).toMatchObject({
      kind: 'interview_answer',
      interview: { id, answer: 'accepted' },
    });

    // A proposal needs the times proposed.
    const empty = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'answer=proposed&note=',
    });
    expect(empty.statusCode).toBe(400);
  });

  it('answers 404 to another interview’s id with the token and an altered token', async () => {
    const app = await application();
    const first = (await schedule(app.id, input({ interviewer_ids: [org.alice.id] }))).json();
    const second = (
      await schedule(app.id, input({ interviewer_ids: [org.alice.id], start_time: '16:00' }))
    ).json();
    const path = await answerLink(app.email, first.id);
    const token = path.split('/').pop() ?? '';
    expect((await t.app.inject({ url: `/careers/-/interviews/${second.id}/${token}` })).statusCode).toBe(404);
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await t.app.inject({ url: `/careers/-/interviews/${first.id}/${altered}` })).statusCode).toBe(
      404,
    );
    const post = await t.app.inject({
      method: 'POST',
      url: `/careers/-/interviews/${second.id}/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'answer=declined',
    });
    expect(post.statusCode).toBe(404);
  });
});

describe('scorecards', () => {
  it('hides the others’ until one’s own is in, checks the criteria, and sums them up', async () => {
    const app = await application();
    const { id } = (await schedule(app.id, input())).json();
    const criteria = await t.app.inject({
      method: 'PUT',
      url: `/api/job_offers/${app.offer}/scorecard_criteria`,
      headers: org.admin.headers,
      payload: { criteria: [{ name: 'Communication' }, { name: 'Problem solving' }] },
    });
    expect(criteria.statusCode, criteria.body).toBe(200);
    const [communication] = criteria.json().data;
    const submit = (headers: Headers, payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/interviews/${id}/scorecard`, headers, payload });
    const bob = await submit(org.bob.headers, {
      rating: 4,
      criteria: [{ criterion_id: communication.id, rating: 3 }],
      notes: 'Clear and kind',
    });
    expect(bob.statusCode, bob.body).toBe(200);
    const aliceBefore = (
      await t.app.inject({ url: `/api/interviews/${id}/scorecards`, headers: org.alice.headers })
    ).json();
    expect(aliceBefore).toMatchObject({
      mine: null,
      is_interviewer: true,
      others: [],
      hidden: 1,
      summary: { count: 1 },
    });
    expect(JSON.stringify(aliceBefore)).not.toContain('Clear and kind');
    // Not an interviewer: 403; a criterion of no offer of ours: 422; a rating off the scale: 400.
    expect((await submit(org.admin.headers, { rating: 3, criteria: [], notes: '' })).statusCode).toBe(403);
    expect(
      (
        await submit(org.alice.headers, {
          rating: 3,
          criteria: [{ criterion_id: 999999, rating: 2 }],
          notes: '',
        })
      ).statusCode,
    ).toBe(422);
    expect((await submit(org.alice.headers, { rating: 5, criteria: [], notes: '' })).statusCode).toBe(400);
    expect((await submit(other.alice.headers, { rating: 3, criteria: [], notes: '' })).statusCode).toBe(404);
    const alice = await submit(org.alice.headers, { rating: 1, criteria: [], notes: 'Not for this role' });
    expect(alice.json()).toMatchObject({
      mine: { rating: 1, notes: 'Not for this role' },
      others: [{ rating: 4, notes: 'Clear and kind', criteria: [{ name: 'Communication', rating: 3 }] }],
      hidden: 0,
      summary: { count: 2, ratings: [1, 0, 0, 1] },
    });
    const list = (
      await t.app.inject({ url: `/api/job_applications/${app.id}/interviews`, headers: org.admin.headers })
    ).json();
    expect(list.data[0].scorecards).toEqual({ count: 2, ratings: [1, 0, 0, 1] });
    const byUser = await t.app.inject({
      method: 'PUT',
      url: `/api/job_offers/${app.offer}/scorecard_criteria`,
      headers: org.alice.headers,
      payload: { criteria: [] },
    });
    expect(byUser.statusCode).toBe(403);
  });
});

describe('the week view', () => {
  it('lists the licence’s interviews in a window, or the caller’s own', async () => {
    const app = await application();
    await schedule(app.id, input({ date: '2031-01-07', interviewer_ids: [org.alice.id] }));
    await schedule(app.id, input({ date: '2031-01-08', interviewer_ids: [org.bob.id] }));
    await schedule(app.id, input({ date: '2031-01-20', interviewer_ids: [org.bob.id] }));
    const week = (mine: boolean, headers = org.alice.headers) =>
      t.app.inject({
        url: `/api/interviews?from=2031-01-06T00:00:00Z&to=2031-01-13T00:00:00Z${mine ? '&mine=true' : ''}`,
        headers,
      });
    expect((await week(false)).json().data).toHaveLength(2);
    expect((await week(true)).json().data).toHaveLength(1);
    expect((await week(false, other.admin.headers)).json().data).toHaveLength(0);
    const tooLong = await t.app.inject({
      url: '/api/interviews?from=2031-01-01T00:00:00Z&to=2031-03-01T00:00:00Z',
      headers: org.alice.headers,
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('answers each interview as the application does, with only the fields the screen shows', async () => {
    const app = await application();
    const both = (await schedule(app.id, input({ date: '2031-02-04' }))).json();
    const cancelled = (
      await schedule(app.id, input({ date: '2031-02-05', interviewer_ids: [org.bob.id] }))
    ).json();
    await t.app.inject({
      method: 'POST',
      url: `/api/interviews/${cancelled.id}/cancel`,
      headers: org.admin.headers,
    });
    const full = (
      await t.app.inject({ url: `/api/job_applications/${app.id}/interviews`, headers: org.admin.headers })
    ).json().data as Record<string, unknown>[];
    const week = (
      await t.app.inject({
        url: '/api/interviews?from=2031-02-03T00:00:00Z&to=2031-02-10T00:00:00Z',
        headers: org.alice.headers,
      })
    ).json().data as Record<string, unknown>[];
    const { InterviewListItem } = await import('@vivier/contract');
    const fields = Object.keys(InterviewListItem.shape);
    expect(week.map((item) => item.id)).toEqual([both.id, cancelled.id]);
    for (const item of week) {
      expect(Object.keys(item).sort()).toEqual([...fields].sort());
      const same = full.find((f) => f.id === item.id) ?? {};
      expect(item).toEqual(Object.fromEntries(fields.map((k) => [k, same[k]])));
    }
    expect(week[0]?.interviewers).toHaveLength(2);
    expect(week[1]?.state).toBe('cancelled');
    const mine = (
      await t.app.inject({
        url: '/api/interviews?from=2031-02-03T00:00:00Z&to=2031-02-10T00:00:00Z&mine=true',
        headers: org.alice.headers,
      })
    ).json().data as { id: number }[];
    expect(mine.map((item) => item.id)).toEqual([both.id]);
  });
});

describe('reminders', () => {
  it('queues the day-before and hour-before reminders; a reschedule silences the old ones', async () => {
    const { sql } = await import('drizzle-orm');
    const app = await application();
    const { id } = (
      await schedule(
        app.id,
        input({ date: '2032-06-01', interviewer_ids: [org.bob.id], remind_candidate: true }),
      )
    ).json();
    const queued = () =>
      rawRows<{ payload: { sequence: number; minutesBefore: number }; run_at: string }>(
        t.db,
        sql`select payload, run_at from jobs where kind = 'interviews.reminder_mail'
            and (payload->>'interviewId')::int = ${id} order by run_at`,
      );
    const first = await queued();
    // 10:00 in Paris in June is 08:00 UTC: the day before at 08:00 UTC, the hour before at 07:00 UTC.
    expect(first.map((j) => [new Date(j.run_at).toISOString(), j.payload.minutesBefore])).toEqual([
      ['2032-05-31T08:00:00.000Z', 1440],
      ['2032-06-01T07:00:00.000Z', 60],
    ]);
    await reschedule(
      id,
      input({ date: '2032-06-02', interviewer_ids: [org.bob.id], remind_candidate: true }),
    );
    // Every reminder due now: the old time's send nothing, the new time's reach Bob and the candidate.
    await t.db.execute(
      sql`update jobs set run_at = now() where kind = 'interviews.reminder_mail' and (payload->>'interviewId')::int = ${id}`,
    );
    const reminders = async (to: string) => {
      for (let i = 0; i < 800; i++) {
        const found = sink.received.filter((m) => m.to.includes(to) && m.raw.includes('Reminder'));
        if (found.length >= 2) return found;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return sink.received.filter((m) => m.to.includes(to) && m.raw.includes('Reminder'));
    };
    const toBob = await reminders(org.bob.email);
    const toCandidate = await reminders(app.email);
    expect(toBob).toHaveLength(2);
    expect(toCandidate).toHaveLength(2);
    const texts = await Promise.all(toCandidate.map(async (m) => (await simpleParser(m.raw)).text ?? ''));
    for (const text of texts) expect(text).toContain('2 June 2032');
    // A job's result is written once its mails are out: wait for all four to be done.
    const jobStates = () =>
      rawRows<{ state: string; result: { sent: number } }>(
        t.db,
        sql`select state, result from jobs where kind = 'interviews.reminder_mail'
            and (payload->>'interviewId')::int = ${id}`,
      );
    let states = await jobStates();
    for (let i = 0; i < 800 && states.some((s) => s.state !== 'done'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      states = await jobStates();
    }
    expect(states.map((s) => s.result?.sent).sort()).toEqual([0, 0, 2, 2]);
  });
});

describe('the calendar feed', () => {
  it('lists the interviewer’s interviews at a secret URL, shown once, that stops when made again or revoked', async () => {
    // Within the feed's year ahead.
    const soon = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const app = await application();
    const mine = (await schedule(app.id, input({ date: soon(20), interviewer_ids: [org.bob.id] }))).json();
    await schedule(app.id, input({ date: soon(21), interviewer_ids: [org.alice.id] }));
    const feed = (method: 'GET' | 'POST' | 'DELETE', headers: Headers = org.bob.headers) =>
      t.app.inject({ method, url: '/api/users/me/calendar_feed', headers });
    expect((await feed('GET')).json()).toEqual({ active: false, created_at: null });
    const made = await feed('POST');
    expect(made.statusCode).toBe(201);
    const path = new URL(made.json().url).pathname;
    expect(path).toMatch(/^\/calendar\/[\w-]{43}\.ics$/);
    expect((await feed('GET')).json()).toMatchObject({ active: true });
    const file = await t.app.inject({ url: path });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/calendar');
    const events = Object.values(ical.sync.parseICS(file.body)).filter(
      (c) => c?.type === 'VEVENT',
    ) as VEvent[];
    expect(events.map((e) => e.uid)).toEqual([await uidOf(mine.id)]);
    expect(events[0]?.start.toISOString()).toBe(mine.starts_at);
    // Made again, the old URL stops; revoked, the new one too. An odd spelling is no feed.
    const again = new URL((await feed('POST')).json().url).pathname;
    expect((await t.app.inject({ url: path })).statusCode).toBe(404);
    expect((await t.app.inject({ url: again })).statusCode).toBe(200);
    expect((await feed('DELETE')).statusCode).toBe(204);
    expect((await t.app.inject({ url: again })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/calendar/..%2F..%2Fetc.ics' })).statusCode).toBe(404);
  });
});

describe('the invitation’s message', () => {
  it('fills a template’s interview variables for the candidate', async () => {
    const app = await application();
    const template = await t.app.inject({
      method: 'POST',
      url: '/api/email_templates',
      headers: org.admin.headers,
      payload: {
        name: `Interview invitation ${counter}`,
        subject: 'Our interview, [:first_name:]',
        content:
          '<p>See you [:interview_date:] at [:interview_time:]: [:interview_place:] with [:interviewers:].</p>',
      },
    });
    expect(template.statusCode, template.body).toBe(201);
    const { id } = (
      await schedule(app.id, input({ interviewer_ids: [org.alice.id], template_id: template.json().id }))
    ).json();
    const mail = await invitation(app.email, (await uidOf(id)) ?? '', 0);
    expect(mail.message.subject).toBe('Our interview, Ada');
    // 09:00 UTC is 04:00 in New York, the candidate's zone.
    expect(mail.message.text).toMatch(
      /See you Tuesday,? 5 March 2030 at 04:00 \(.+\): https:\/\/meet\.example\.test\/abc with .+\./,
    );
    expect(mail.message.html || '').toContain('https://meet.example.test/abc');
  });
});
