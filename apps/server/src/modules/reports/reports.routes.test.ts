import { REPORT_KINDS } from '@vivier/contract/report-kinds';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { candidateEvents, jobApplications, statuses } from '../../db/schema/index.ts';
import { insertOffer, insertPeople } from '../../test/fixtures/job-applications.ts';
import {
  eve,
  FUNNEL,
  json,
  knownReportHistory,
  MARCH,
  offerB,
  org,
  s,
  t,
} from '../../test/fixtures/report-history.ts';

// The reports (issue 26, decision 201) over a known history (test/fixtures/report-history.ts): every figure
// checked exactly.
knownReportHistory();

describe('the reports of a known history', () => {
  it('counts the funnel: a skipped status as passed, a move back as nothing, a copy as a new application', async () => {
    const funnel = await json('funnel');
    expect(funnel).toMatchObject({ ...FUNNEL, hired_status: s(4) });
    expect(funnel.stages.map((stage: { status: unknown }) => stage.status)).toEqual([0, 1, 2, 3, 4].map(s));
  });

  it('measures the days in each status and to the hire', async () => {
    const time = await json('time_in_stage');
    expect(time.stages).toEqual([
      { status: s(0), stays: 5, median_days: 2, p90_days: 2 },
      { status: s(1), stays: 4, median_days: 4, p90_days: 7.1 },
      { status: s(2), stays: 3, median_days: 1, p90_days: 2.6 },
      { status: s(3), stays: 1, median_days: 6, p90_days: 6 },
      { status: s(4), stays: 0, median_days: null, p90_days: null },
      { status: s(5), stays: 0, median_days: null, p90_days: null },
    ]);
    expect(time.time_to_hire).toEqual({ hires: 2, median_days: 8, p90_days: 12.8 });
  });

  it('counts moves and applications per week, every week of the period, and hires per month', async () => {
    const velocity = await json('velocity');
    expect(velocity.weeks).toEqual([
      { week: '2026-03-02', moves: 7, applications: 4 },
      { week: '2026-03-09', moves: 4, applications: 1 },
      { week: '2026-03-16', moves: 2, applications: 1 },
      { week: '2026-03-23', moves: 0, applications: 0 },
    ]);
    expect(velocity.months).toEqual([{ month: '2026-03', hires: 2 }]);
  });

  it('counts applications and hires per source', async () => {
    expect((await json('sources')).sources).toEqual([
      { source: 'careers_page', applications: 2, hires: 1 },
      { source: 'copy', applications: 1, hires: 1 },
      { source: 'import', applications: 1, hires: 0 },
      { source: 'linkedin', applications: 1, hires: 0 },
      { source: 'manual', applications: 1, hires: 0 },
    ]);
  });

  it('counts rejections per reason and per status rejected from', async () => {
    const rejections = await json('rejection_reasons');
    expect(rejections).toMatchObject({
      total: 3,
      reasons: [
        { reason: 'Skills', count: 2 },
        { reason: null, count: 1 },
      ],
      from_statuses: [
        { status: s(0), count: 1 },
        { status: s(1), count: 1 },
        { status: s(2), count: 1 },
      ],
    });
  });

  it('counts the moves to a status marked rejected after they were made, which carry no rejection', async () => {
    // Interview marked rejected now: its three moves of March (Bob from To contact, Cleo and Ada from Contacted)
    // count as rejections without a reason, beside the three that carried one (decision 223).
    const markInterview = (rejected: boolean) =>
      t.db
        .update(statuses)
        .set({ rejected })
        .where(eq(statuses.id, s(2).id));
    await markInterview(true);
    try {
      expect(await json('rejection_reasons')).toMatchObject({
        total: 6,
        reasons: [
          { reason: null, count: 4 },
          { reason: 'Skills', count: 2 },
        ],
        from_statuses: [
          { status: s(0), count: 2 },
          { status: s(1), count: 3 },
          { status: s(2), count: 1 },
        ],
      });
    } finally {
      await markInterview(false);
    }
  });

  it('counts moves, notes and emails per user per week', async () => {
    const rows = (await json('team_activity')).rows;
    const alice = { id: org.alice.id, name: expect.any(String) };
    const admin = { id: org.admin.id, name: expect.any(String) };
    expect(rows).toHaveLength(5);
    expect(rows).toEqual(
      expect.arrayContaining([
        { week: '2026-03-02', user: alice, moves: 7, notes: 0, emails: 1 },
        { week: '2026-03-09', user: alice, moves: 3, notes: 1, emails: 0 },
        { week: '2026-03-09', user: admin, moves: 1, notes: 0, emails: 0 },
        { week: '2026-03-16', user: alice, moves: 1, notes: 0, emails: 0 },
        { week: '2026-03-16', user: admin, moves: 1, notes: 0, emails: 1 },
      ]),
    );
  });

  it('narrows to one offer and to a period', async () => {
    const b = await json('funnel', `${MARCH}&job_offer_ids=${offerB}`);
    expect(b).toMatchObject({ applications: 2, rejected: 1 });
    // Frontend's moves and the email sent from its pipeline; Ada's email and note belong to Backend.
    const admin = { id: org.admin.id, name: expect.any(String) };
    expect((await json('team_activity', `${MARCH}&job_offer_ids=${offerB}`)).rows).toEqual([
      { week: '2026-03-09', user: admin, moves: 1, notes: 0, emails: 0 },
      { week: '2026-03-16', user: admin, moves: 1, notes: 0, emails: 1 },
    ]);
    expect(b.stages.map((stage: { reached: number }) => stage.reached)).toEqual([2, 1, 1, 1, 1]);
    const firstWeek = await json('velocity', 'from=2026-03-02&to=2026-03-08');
    expect(firstWeek.weeks).toEqual([{ week: '2026-03-02', moves: 7, applications: 4 }]);
    const byManager = await json('sources', `${MARCH}&user_id=${org.alice.id}`);
    expect(byManager.sources.map((row: { source: string }) => row.source)).toEqual([
      'careers_page',
      'import',
      'linkedin',
      'manual',
    ]);
  });

  it('still counts an erased candidate, anonymously', async () => {
    const before = await Promise.all(REPORT_KINDS.map((name) => json(name)));
    const erase = await t.app.inject({
      method: 'POST',
      url: `/api/candidates/${eve}/erase`,
      headers: org.admin.headers,
      payload: { confirmation: 'Eve Erased' },
    });
    expect(erase.statusCode, erase.body).toBe(200);
    const events = await t.db.select().from(candidateEvents).where(eq(candidateEvents.candidateId, eve));
    expect(events).toEqual([]);
    expect(await Promise.all(REPORT_KINDS.map((name) => json(name)))).toEqual(before);
  });

  it('reads the facts a real creation and real moves write', async () => {
    const offer = await insertOffer(t, org.licence.id, org.alice.id, 'Live');
    const [live] = await insertPeople(t, org.licence.id, [{ firstName: 'Live', lastName: 'Move' }]);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/job_applications/bulk_create',
      headers: org.alice.headers,
      payload: { job_offer_id: offer, status_id: s(0).id, candidates_ids: [live] },
    });
    expect(added.statusCode, added.body).toBe(201);
    const [application] = await t.db
      .select({ id: jobApplications.id })
      .from(jobApplications)
      .where(eq(jobApplications.jobOfferId, offer));
    const moveTo = (status: number) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/job_applications/${application?.id}`,
        headers: org.alice.headers,
        payload: { status_id: s(status).id },
      });
    expect((await moveTo(2)).statusCode).toBe(200);
    // Back to the first status: the application keeps what it reached.
    expect((await moveTo(0)).statusCode).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const funnel = await json('funnel', `from=${today}&to=${today}&job_offer_ids=${offer}`);
    expect(funnel).toMatchObject({ applications: 1, rejected: 0 });
    expect(funnel.stages.map((stage: { reached: number }) => stage.reached)).toEqual([1, 1, 1, 0, 0]);
  });
});
