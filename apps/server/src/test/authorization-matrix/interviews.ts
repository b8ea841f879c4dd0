import { adminOnRecord, all, fresh, org, type Row, readOnRecord, t } from './world.ts';

/** An interview as the admin schedules it: the admin interviews. */
export const interviewInput = (interviewerId: number) => ({
  date: '2030-03-05',
  start_time: '10:00',
  duration_minutes: 45,
  time_zone: 'Europe/Paris',
  candidate_time_zone: 'America/New_York',
  kind: 'video',
  location: 'https://meet.example.test/abc',
  interviewer_ids: [interviewerId],
});

/** A fresh interview on a fresh application of an offer the admin manages; the admin is its interviewer. */
async function freshInterview(): Promise<number> {
  const { id } = await fresh.application();
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/job_applications/${id}/interviews`,
    headers: org.admin.headers,
    payload: interviewInput(org.admin.id),
  });
  return res.json().id as number;
}

const freshApplication = async () => (await fresh.application()).id;

/**
 * The authorization matrix's rows of interviews (issue 27): read by everyone of the licence who sees the
 * offer; scheduled, changed and cancelled by those who may change the offer; scorecards submitted by the
 * interview's interviewers only; criteria defined by admins.
 */
export const INTERVIEW_ROWS: Record<string, Row> = {
  'GET /api/job_applications/:id/interviews': { params: { id: freshApplication }, expect: readOnRecord },
  'POST /api/job_applications/:id/interviews': {
    params: { id: freshApplication },
    payload: () => interviewInput(org.admin.id),
    expect: adminOnRecord(201),
  },
  'GET /api/interviews': {
    request: () => ({ url: '/api/interviews?from=2030-03-02T00:00:00Z&to=2030-03-09T00:00:00Z' }),
    expect: all(200),
  },
  'PATCH /api/interviews/:id': {
    params: { id: freshInterview },
    payload: () => ({ ...interviewInput(org.admin.id), start_time: '11:00' }),
    expect: adminOnRecord(200),
  },
  'POST /api/interviews/:id/cancel': { params: { id: freshInterview }, expect: adminOnRecord(200) },
  'GET /api/interviews/:id/scorecards': { params: { id: freshInterview }, expect: readOnRecord },
  'PUT /api/interviews/:id/scorecard': {
    params: { id: freshInterview },
    payload: () => ({ rating: 4, criteria: [], notes: 'Sharp' }),
    expect: adminOnRecord(200),
  },
  'GET /api/job_offers/:id/scorecard_criteria': {
    params: { id: fresh.applicationOffer },
    expect: readOnRecord,
  },
  'PUT /api/job_offers/:id/scorecard_criteria': {
    params: { id: fresh.applicationOffer },
    payload: () => ({ criteria: [{ name: 'Communication' }] }),
    expect: adminOnRecord(200),
  },
  // Each caller's own feed: there is no one else's to reach.
  'GET /api/users/me/calendar_feed': { expect: all(200) },
  'POST /api/users/me/calendar_feed': { expect: all(201) },
  'DELETE /api/users/me/calendar_feed': { expect: all(204) },
};
