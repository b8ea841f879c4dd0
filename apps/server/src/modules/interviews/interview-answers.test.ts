import { describe, expect, it } from 'vitest';
import type { Organisation } from '../../test/fixtures/organisation.ts';
import type { Headers, TestApp } from '../../test/harness.ts';
import { interviewsSuite } from './interviews.fixtures.ts';

// Interviews (issue 27): the candidate's public answer page, and the interviewers' scorecards.
let t: TestApp, org: Organisation, other: Organisation;
const { application, input, schedule, answerLink } = interviewsSuite((made) => ({ t, org, other } = made));

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
