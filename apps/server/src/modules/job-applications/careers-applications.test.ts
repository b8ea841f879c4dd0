import type { ApplicationAnswer } from '@vivier/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobApplications, notifications } from '../../db/schema/index.ts';
import { insertCareersApplication, insertOffer, insertPeople } from '../../test/fixtures/job-applications.ts';
import type { Organisation } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';

// Issue 23, the recruiter's side of careers applications (the apply form writes them): each application's
// source and answers in the API, and the `application` notifications of the offer's assigned users.
let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));
let offerId: number;
let jane: number;
let typed: number;
let applicationId: number;

const answers: ApplicationAnswer[] = [
  { question_id: 11, kind: 'short_text', label: 'Notice period', answer: 'One month' },
  { question_id: 12, kind: 'yes_no', label: 'Can you work in France?', answer: true },
  { question_id: 13, kind: 'single_choice', label: 'Preferred stack', answer: 'TypeScript' },
];

beforeAll(async () => {
  const L = org.licence.id;
  [jane, typed] = (await insertPeople(t, L, [
    { firstName: 'Jane', lastName: 'Doe' },
    { firstName: 'Typed', lastName: 'In' },
  ])) as [number, number];
  offerId = await insertOffer(t, L, org.admin.id, 'Backend developer', [org.bob.id]);
  applicationId = await insertCareersApplication(t, L, offerId, jane, { source: 'careers_page', answers });
  await insertCareersApplication(t, L, offerId, typed, { source: null });
});

const get = (url: string, headers = org.admin.headers) => t.app.inject({ url, headers });

describe("a job application's source and answers", () => {
  it("are in the offer's pipeline and the candidate's applications; one a recruiter added has none", async () => {
    const res = await get(`/api/job_offers/${offerId}/job_applications?embed[]=candidate`);
    expect(res.statusCode, res.body).toBe(200);
    const byCandidate = new Map(
      (res.json().data as { candidate_id: number }[]).map((a) => [a.candidate_id, a]),
    );
    expect(byCandidate.get(jane)).toMatchObject({ id: applicationId, source: 'careers_page', answers });
    expect(byCandidate.get(typed)).toMatchObject({ source: null, answers: [] });
    const theirs = await get(`/api/candidates/${jane}/job_applications?embed[]=job_offer`);
    expect(theirs.json().data).toEqual([
      expect.objectContaining({ job_offer_id: offerId, source: 'careers_page', answers }),
    ]);
  });

  it('leave out a stored answer of another shape rather than fail the list', async () => {
    const [odd] = (await insertPeople(t, org.licence.id, [{ firstName: 'Odd', lastName: 'Answers' }])) as [
      number,
    ];
    await t.db.insert(jobApplications).values({
      licenceId: org.licence.id,
      jobOfferId: offerId,
      candidateId: odd,
      source: 'linkedin',
      answers: [{ question_id: 1, kind: 'yes_no', label: 'Ok?', answer: false }, { unexpected: 1 }, 'text'],
    });
    const res = await get(`/api/candidates/${odd}/job_applications`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({
      source: 'linkedin',
      answers: [{ question_id: 1, kind: 'yes_no', label: 'Ok?', answer: false }],
    });
  });
});

describe('notifications of kind application', () => {
  it("name the offer applied to, for the assigned user only; a mention's offer is null", async () => {
    await t.db.insert(notifications).values({
      licenceId: org.licence.id,
      userId: org.bob.id,
      kind: 'application',
      candidateId: jane,
      jobApplicationId: applicationId,
    });
    const bob = (await get('/api/notifications', org.bob.headers)).json();
    expect(bob.unread_count).toBe(1);
    expect(bob.data).toEqual([
      {
        id: expect.any(Number),
        kind: 'application',
        created_at: expect.any(String),
        read_at: null,
        actor: null,
        candidate: { id: jane, name: 'Jane Doe' },
        note_id: null,
        job_offer: { id: offerId, name: 'Backend developer' },
        // Only a candidate's answer to an interview names one (issue 27), and only an alert its saved search.
        interview: null,
        saved_search: null,
      },
    ]);
    expect((await get('/api/notifications', org.alice.headers)).json().data).toEqual([]);
    expect((await get('/api/notifications', other.bob.headers)).json().data).toEqual([]);

    await t.app.inject({
      method: 'POST',
      url: `/api/candidates/${jane}/notes`,
      headers: org.alice.headers,
      payload: {
        content: `<p><span data-type="mention" data-id="${org.bob.id}" data-label="Bob">@Bob</span> look</p>`,
        job_application_id: applicationId,
      },
    });
    const [mention] = (await get('/api/notifications', org.bob.headers)).json().data;
    expect(mention).toMatchObject({ kind: 'mention', job_offer: null, actor: { id: org.alice.id } });
  });
});
