import { simpleParser } from 'mailparser';
import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { rawRows } from '../../db/raw-rows.ts';
import type { Organisation } from '../../test/fixtures/organisation.ts';
import type { Headers, TestApp } from '../../test/harness.ts';
import type { SmtpSink } from '../../test/smtp-sink.ts';
import { interviewsSuite } from './interviews.fixtures.ts';

// Interviews (issue 27): the week view, the reminders and the interviewers' calendar feed.
let t: TestApp, org: Organisation, other: Organisation, sink: SmtpSink;
const { application, input, schedule, reschedule, uidOf } = interviewsSuite(
  (made) => ({ t, org, other, sink } = made),
);

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
