import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { candidateEvents, candidateNotes, jobApplications, statuses, users } from '../../db/schema/index.ts';
import { apply, insertOffer, insertPeople } from '../../test/fixtures/job-applications.ts';
import { type Organisation, setSetting } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { Headers, TestApp } from '../../test/harness.ts';

// The reports (issue 26, decision 201) over a known history: every figure checked exactly.
let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));

const REPORTS = ['funnel', 'time_in_stage', 'velocity', 'sources', 'rejection_reasons', 'team_activity'];
const MARCH = 'from=2026-03-02&to=2026-03-29';
let offerA: number, offerB: number;
let eve: number;
let reader: Headers;
const s = (i: number) => {
  const status = org.statuses[i];
  if (!status) throw new Error(`no status ${i}`);
  return { id: status.id, name: status.name };
};

type Event = {
  candidateId: number;
  offer?: number;
  kind: string;
  data?: object;
  actor?: number | null;
  at: string;
};
const insertEvents = (events: Event[]) =>
  t.db.insert(candidateEvents).values(
    events.map((e) => ({
      licenceId: org.licence.id,
      candidateId: e.candidateId,
      jobOfferId: e.offer ?? null,
      kind: e.kind,
      actorId: e.actor ?? null,
      data: e.data ?? {},
      createdAt: new Date(e.at),
    })),
  );
const created = (candidateId: number, offer: number, status: number, at: string, source?: string) => ({
  candidateId,
  offer,
  kind: 'application_created',
  data: { offer: { id: offer }, status: s(status), ...(source ? { via: 'careers', source } : {}) },
  at,
});
const move = (
  candidateId: number,
  offer: number,
  from: number,
  to: number,
  at: string,
  extra: object = {},
) => ({
  candidateId,
  offer,
  kind: 'status_changed',
  data: { from: s(from), to: s(to), offer: { id: offer }, via: 'move', ...extra },
  actor: offer === offerA ? org.alice.id : org.admin.id,
  at,
});

const report = (name: string, query = MARCH, headers: Headers = org.admin.headers) =>
  t.app.inject({ url: `/api/reports/${name}?${query}`, headers });
const json = async (name: string, query = MARCH, headers: Headers = org.admin.headers) => {
  const res = await report(name, query, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  await t.db
    .update(statuses)
    .set({ rejected: true })
    .where(eq(statuses.id, s(5).id));
  const [skills] = await t.app
    .inject({
      method: 'PUT',
      url: '/api/rejection_reasons',
      headers: org.admin.headers,
      payload: { reasons: [{ name: 'Skills' }] },
    })
    .then((res) => res.json().data ?? res.json());
  offerA = await insertOffer(t, org.licence.id, org.alice.id, 'Backend');
  offerB = await insertOffer(t, org.licence.id, org.admin.id, 'Frontend');
  const [ada, bob, cleo, dan, eveId, late] = await insertPeople(t, org.licence.id, [
    { firstName: 'Ada', lastName: 'Lovelace' },
    { firstName: 'Bob', lastName: 'Skipper' },
    { firstName: 'Cleo', lastName: 'Back' },
    { firstName: 'Dan', lastName: 'Copied' },
    { firstName: 'Eve', lastName: 'Erased' },
    { firstName: 'Late', lastName: 'Outside' },
  ]);
  if (!ada || !bob || !cleo || !dan || !eveId || !late) throw new Error('no candidates');
  eve = eveId;
  await apply(t, org.licence.id, offerB, [{ candidateId: eve, statusId: s(5).id }]);
  const reason = { id: skills?.id ?? 0, name: 'Skills' };
  await insertEvents([
    // Ada, from the careers page: every status in turn to the hire (2, 5, 1 and 6 days: 14 to hire).
    created(ada, offerA, 0, '2026-03-02T10:00:00Z', 'careers_page'),
    move(ada, offerA, 0, 1, '2026-03-04T10:00:00Z'),
    move(ada, offerA, 1, 2, '2026-03-09T10:00:00Z'),
    move(ada, offerA, 2, 3, '2026-03-10T10:00:00Z'),
    move(ada, offerA, 3, 4, '2026-03-16T10:00:00Z'),
    // Bob, imported: skips Contacted, rejected from Interview for Skills.
    { candidateId: bob, kind: 'created', data: { how: 'import' }, at: '2026-03-03T09:00:00Z' },
    created(bob, offerA, 0, '2026-03-03T10:00:00Z'),
    move(bob, offerA, 0, 2, '2026-03-05T10:00:00Z'),
    move(bob, offerA, 2, 5, '2026-03-08T10:00:00Z', { reason }),
    // Cleo, typed in: moves to Interview and back to Contacted.
    { candidateId: cleo, kind: 'created', data: { how: 'form' }, at: '2026-03-02T11:00:00Z' },
    created(cleo, offerA, 0, '2026-03-02T12:00:00Z'),
    move(cleo, offerA, 0, 1, '2026-03-03T12:00:00Z'),
    move(cleo, offerA, 1, 2, '2026-03-06T12:00:00Z'),
    move(cleo, offerA, 2, 1, '2026-03-07T12:00:00Z'),
    // Dan, from a link with utm_source=linkedin: copied to Frontend in Contacted and hired there, rejected
    // from Backend with free text only.
    created(dan, offerA, 0, '2026-03-02T09:00:00Z', 'linkedin'),
    move(dan, offerA, 0, 1, '2026-03-04T09:00:00Z'),
    {
      candidateId: dan,
      offer: offerB,
      kind: 'application_copied',
      data: { offer: { id: offerB }, status: s(1), from: { id: offerA } },
      actor: org.admin.id,
      at: '2026-03-11T09:00:00Z',
    },
    move(dan, offerA, 1, 5, '2026-03-12T09:00:00Z', { reason: null, reason_text: 'Moved abroad' }),
    move(dan, offerB, 1, 4, '2026-03-13T09:00:00Z'),
    // Eve, from the careers page, mailed from Frontend's pipeline, rejected for Skills the next day: erased below.
    created(eve, offerB, 0, '2026-03-17T10:00:00Z', 'careers_page'),
    {
      candidateId: eve,
      offer: offerB,
      kind: 'email_sent',
      data: { subject: 'Hello' },
      actor: org.admin.id,
      at: '2026-03-17T11:00:00Z',
    },
    move(eve, offerB, 0, 5, '2026-03-18T10:00:00Z', { reason }),
    // Ada gets an email from Backend's pipeline (every email is sent from an offer's); Late's history is outside March.
    {
      candidateId: ada,
      offer: offerA,
      kind: 'email_sent',
      data: { subject: 'Hi' },
      actor: org.alice.id,
      at: '2026-03-02T11:00:00Z',
    },
    created(late, offerA, 0, '2026-02-20T10:00:00Z'),
    move(late, offerA, 0, 1, '2026-04-02T10:00:00Z'),
  ]);
  await t.db.insert(candidateNotes).values({
    licenceId: org.licence.id,
    candidateId: ada,
    authorId: org.alice.id,
    content: '<p>Strong</p>',
    createdAt: new Date('2026-03-10T15:00:00Z'),
  });
  const readOnly = await t.user(org.licence.id, 'reader@reports.test');
  await t.db.update(users).set({ level: 'other' }).where(eq(users.id, readOnly.id));
  reader = t.auth((await t.login('reader@reports.test')).jwt);
});

const FUNNEL = {
  from: '2026-03-02',
  to: '2026-03-29',
  applications: 6,
  rejected: 3,
  stages: [
    { reached: 6, conversion: 0.8333, drop_off: 1 },
    { reached: 5, conversion: 0.8, drop_off: 1 },
    { reached: 4, conversion: 0.5, drop_off: 2 },
    { reached: 2, conversion: 1, drop_off: 0 },
    { reached: 2, conversion: null, drop_off: null },
  ],
};

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
    const before = await Promise.all(REPORTS.map((name) => json(name)));
    const erase = await t.app.inject({
      method: 'POST',
      url: `/api/candidates/${eve}/erase`,
      headers: org.admin.headers,
      payload: { confirmation: 'Eve Erased' },
    });
    expect(erase.statusCode, erase.body).toBe(200);
    const events = await t.db.select().from(candidateEvents).where(eq(candidateEvents.candidateId, eve));
    expect(events).toEqual([]);
    expect(await Promise.all(REPORTS.map((name) => json(name)))).toEqual(before);
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

describe('who reads the reports', () => {
  it('lets the read-only level read them', async () => {
    expect(await json('funnel', MARCH, reader)).toMatchObject({ applications: 6 });
  });

  it("answers 404 for another licence's offer and nothing of ours without one", async () => {
    for (const name of REPORTS) {
      expect((await report(name, `${MARCH}&job_offer_ids=${offerA}`, other.admin.headers)).statusCode).toBe(
        404,
      );
    }
    expect(await json('funnel', MARCH, other.admin.headers)).toMatchObject({ applications: 0, rejected: 0 });
    expect((await json('sources', MARCH, other.admin.headers)).sources).toEqual([]);
    expect((await json('team_activity', MARCH, other.admin.headers)).rows).toEqual([]);
  });

  it('shows a user of an opaque licence only the offers they see', async () => {
    await setSetting(t, org.licence.id, 'transparency', 'opaque');
    try {
      expect(await json('funnel', MARCH, org.alice.headers)).toMatchObject({ applications: 4 });
      expect((await report('funnel', `${MARCH}&job_offer_ids=${offerB}`, org.alice.headers)).statusCode).toBe(
        404,
      );
      expect(await json('funnel', MARCH, org.admin.headers)).toMatchObject({ applications: 6 });
    } finally {
      await setSetting(t, org.licence.id, 'transparency', 'transparent');
    }
  });

  it('answers 400 to bad filters', async () => {
    for (const query of [
      'from=2026-03-10&to=2026-03-01',
      'from=2020-01-01&to=2026-01-01',
      'to=2026-13-01',
      'job_offer_ids=abc',
      'tag_ids=1,-2',
      'company_id=0',
      'colour=red',
    ]) {
      const res = await report('funnel', query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toBe('validation_error');
    }
  });

  it('answers parallel requests alike', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => json('funnel')));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });
});
