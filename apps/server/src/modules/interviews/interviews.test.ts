import { describe, expect, it } from 'vitest';
import type { Organisation } from '../../test/fixtures/organisation.ts';
import type { Headers, TestApp } from '../../test/harness.ts';
import { interviewsSuite } from './interviews.fixtures.ts';

// Interviews (issue 27): scheduling, and the mailed invitations read back with mailparser and node-ical.
let t: TestApp, org: Organisation, other: Organisation, reader: Headers;
const { application, input, schedule, reschedule, invitation, uidOf } = interviewsSuite(
  (made) => ({ t, org, other, reader } = made),
);

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

describe('the invitation’s message', () => {
  it('fills a template’s interview variables for the candidate', async () => {
    const app = await application();
    const template = await t.app.inject({
      method: 'POST',
      url: '/api/email_templates',
      headers: org.admin.headers,
      payload: {
        name: `Interview invitation ${app.id}`,
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
