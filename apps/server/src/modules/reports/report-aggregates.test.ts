import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { candidateEvents, candidates, jobApplications, reportStageEntries } from '../../db/schema/index.ts';
import { apply, insertOffer, insertPeople } from '../../test/fixtures/job-applications.ts';
import type { Organisation } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';
import { reportAggregateMismatches } from '../../test/report-aggregates.ts';

// The reports' pre-aggregates (decision 210) are kept by a trigger on report_facts: after every operation that
// writes or removes facts they equal a recount of the facts, and the reports read the same numbers.
let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));

const status = (i: number) => {
  const s = org.statuses[i];
  if (!s) throw new Error(`no status ${i}`);
  return s.id;
};
let offerA: number, offerB: number;
let people: number[];
const today = () => new Date().toISOString().slice(0, 10);

const ok = async <R extends { statusCode: number; body: string }>(res: R, code = 200) => {
  expect(res.statusCode, res.body).toBe(code);
  return res;
};
const applicationsOf = (offer: number) =>
  t.db
    .select({ id: jobApplications.id, candidateId: jobApplications.candidateId })
    .from(jobApplications)
    .where(eq(jobApplications.jobOfferId, offer));
const entryOf = async (candidateId: number, offer: number, statusIndex: number) =>
  (
    await t.db
      .select()
      .from(reportStageEntries)
      .where(
        and(
          eq(reportStageEntries.candidateId, candidateId),
          eq(reportStageEntries.jobOfferId, offer),
          eq(reportStageEntries.statusKey, status(statusIndex)),
        ),
      )
  )[0];

beforeAll(async () => {
  offerA = await insertOffer(t, org.licence.id, org.alice.id, 'Aggregated A');
  offerB = await insertOffer(t, org.licence.id, org.alice.id, 'Aggregated B');
  people = await insertPeople(
    t,
    org.licence.id,
    Array.from({ length: 8 }, (_, i) => ({ firstName: `Agg${i}`, lastName: 'Person' })),
  );
  // How the first four came: imported; their application is created through the API below.
  await t.db.insert(candidateEvents).values(
    people.slice(0, 4).map((candidateId) => ({
      licenceId: org.licence.id,
      candidateId,
      kind: 'created',
      data: { how: 'import' },
    })),
  );
  await ok(
    await t.app.inject({
      method: 'POST',
      url: '/api/job_applications/bulk_create',
      headers: org.alice.headers,
      payload: { job_offer_id: offerA, status_id: status(0), candidates_ids: people.slice(0, 6) },
    }),
    201,
  );
});

beforeEach(async () => {
  expect(await reportAggregateMismatches(t.db)).toEqual([]);
});

describe('the pre-aggregates of the reports', () => {
  it('hold a row per application created and per status entered, and find a row changed by hand', async () => {
    const [first] = people as [number];
    expect(await entryOf(first, offerA, 0)).toMatchObject({ licenceId: org.licence.id });
    const sources = await t.app.inject({
      url: `/api/reports/sources?from=${today()}&to=${today()}&job_offer_ids=${offerA}`,
      headers: org.admin.headers,
    });
    expect((await ok(sources)).json().sources).toEqual([
      { source: 'import', applications: 4, hires: 0 },
      { source: 'manual', applications: 2, hires: 0 },
    ]);
    // The check can fail: a kept time moved by hand is reported, then put back.
    await t.db.execute(sql`update report_stage_entries set entered_at = entered_at + interval '1 day'
      where candidate_id = ${first} and job_offer_id = ${offerA}`);
    expect(await reportAggregateMismatches(t.db)).toMatchObject([
      { aggregate: 'report_stage_entries', key: `${first}/${offerA}/${status(0)}` },
    ]);
    await t.db.execute(sql`update report_stage_entries set entered_at = entered_at - interval '1 day'
      where candidate_id = ${first} and job_offer_id = ${offerA}`);
  });

  it('stay exact after a move, a bulk move, a copy and moves back and forth', async () => {
    const [first, second] = people as [number, number];
    const apps = await applicationsOf(offerA);
    const appOf = (candidateId: number) => apps.find((a) => a.candidateId === candidateId)?.id;
    await ok(
      await t.app.inject({
        method: 'PATCH',
        url: `/api/job_applications/${appOf(first)}`,
        headers: org.alice.headers,
        payload: { status_id: status(2) },
      }),
    );
    expect(await reportAggregateMismatches(t.db)).toEqual([]);
    const entered = (await entryOf(first, offerA, 2))?.enteredAt;
    expect(entered).toBeInstanceOf(Date);

    const bulk = await t.app.inject({
      method: 'PATCH',
      url: `/api/job_offers/${offerA}/job_applications?filters[with_status_id]=${status(0)}`,
      headers: org.alice.headers,
      payload: { status_id: status(1) },
    });
    expect((await ok(bulk)).json()).toEqual({ updated: 5 });
    expect(await reportAggregateMismatches(t.db)).toEqual([]);

    // Back to Interview and on: the first entry stays the first.
    for (const to of [1, 2, 3]) {
      await ok(
        await t.app.inject({
          method: 'PATCH',
          url: `/api/job_applications/${appOf(first)}`,
          headers: org.alice.headers,
          payload: { status_id: status(to) },
        }),
      );
    }
    expect((await entryOf(first, offerA, 2))?.enteredAt).toEqual(entered);
    expect(await reportAggregateMismatches(t.db)).toEqual([]);

    const copied = await t.app.inject({
      method: 'POST',
      url: `/api/job_offers/${offerA}/copy`,
      headers: org.alice.headers,
      payload: { from_status: [status(1)], dest: { id: offerB } },
    });
    await ok(copied);
    expect(await entryOf(second, offerB, 1)).toBeDefined();
    expect(await reportAggregateMismatches(t.db)).toEqual([]);

    // Parallel moves of the same applications by two people commute.
    const answers = await Promise.all(
      apps.flatMap((app, i) => [
        t.app.inject({
          method: 'PATCH',
          url: `/api/job_applications/${app.id}`,
          headers: org.alice.headers,
          payload: { status_id: status(i % 2 ? 3 : 4) },
        }),
        t.app.inject({
          method: 'PATCH',
          url: `/api/job_applications/${app.id}`,
          headers: org.admin.headers,
          payload: { status_id: status(i % 2 ? 4 : 3) },
        }),
      ]),
    );
    expect(answers.map((a) => a.statusCode).filter((code) => code !== 200)).toEqual([]);
    expect(await reportAggregateMismatches(t.db)).toEqual([]);
  });

  it("stay exact after an application's deletion, a status's deletion, an erasure and a candidate's deletion", async () => {
    const [, , third, fourth, , , , eighth] = people as number[];
    if (third === undefined || fourth === undefined || eighth === undefined) throw new Error('no people');
    const [copy] = await applicationsOf(offerB);
    await ok(
      await t.app.inject({
        method: 'DELETE',
        url: `/api/job_applications/${copy?.id}`,
        headers: org.alice.headers,
      }),
      204,
    );
    expect(await reportAggregateMismatches(t.db)).toEqual([]);

    // A status deleted with its applications moved to another: the move writes facts, history stays.
    const doomed = status(5);
    await apply(t, org.licence.id, offerB, [{ candidateId: eighth, statusId: doomed }]);
    await ok(
      await t.app.inject({
        method: 'DELETE',
        url: `/api/statuses/${doomed}?move_to=${status(0)}`,
        headers: org.admin.headers,
      }),
      204,
    );
    expect(await reportAggregateMismatches(t.db)).toEqual([]);

    const before = await t.db.execute(
      sql`select count(*)::int as n from report_stage_entries where candidate_id = ${third}`,
    );
    const erased = await t.app.inject({
      method: 'POST',
      url: `/api/candidates/${third}/erase`,
      headers: org.admin.headers,
      payload: { confirmation: 'Agg2 Person' },
    });
    expect(erased.statusCode, erased.body).toBeLessThan(300);
    expect(await reportAggregateMismatches(t.db)).toEqual([]);
    // An erased candidate still counts: its facts and so its entries stay.
    expect(
      await t.db.execute(
        sql`select count(*)::int as n from report_stage_entries where candidate_id = ${third}`,
      ),
    ).toMatchObject({ rows: (before as unknown as { rows: unknown[] }).rows });

    await t.db.delete(candidates).where(eq(candidates.id, fourth));
    expect(await reportAggregateMismatches(t.db)).toEqual([]);
    expect(
      (
        (await t.db.execute(
          sql`select count(*)::int as n from report_applications where candidate_id = ${fourth}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]?.n,
    ).toBe(0);
  });

  it('take the earliest whatever order the facts arrive in, and how a candidate came when told later', async () => {
    const [, , , , , sixth, seventh] = people as number[];
    if (sixth === undefined || seventh === undefined) throw new Error('no people');
    const event = (candidateId: number, kind: string, at: string, data: object, offer?: number) => ({
      licenceId: org.licence.id,
      candidateId,
      jobOfferId: offer ?? null,
      kind,
      data,
      createdAt: new Date(at),
    });
    const s = (i: number) => ({ id: status(i), name: org.statuses[i]?.name });
    // A later creation and move first, then earlier ones in a statement of their own, then in one statement.
    await t.db
      .insert(candidateEvents)
      .values([
        event(
          seventh,
          'application_created',
          '2026-05-10T10:00:00Z',
          { status: s(1), source: 'later' },
          offerB,
        ),
        event(seventh, 'status_changed', '2026-05-12T10:00:00Z', { from: s(1), to: s(2) }, offerB),
      ]);
    await t.db
      .insert(candidateEvents)
      .values([
        event(
          seventh,
          'application_created',
          '2026-05-01T10:00:00Z',
          { status: s(0), source: 'first' },
          offerB,
        ),
        event(seventh, 'status_changed', '2026-05-02T10:00:00Z', { from: s(0), to: s(2) }, offerB),
      ]);
    await t.db
      .insert(candidateEvents)
      .values(event(seventh, 'created', '2026-04-30T10:00:00Z', { how: 'cv' }));
    await t.db
      .insert(candidateEvents)
      .values([
        event(sixth, 'status_changed', '2026-05-03T10:00:00Z', { from: s(0), to: s(2) }, offerB),
        event(sixth, 'status_changed', '2026-05-01T10:00:00Z', { from: null, to: s(2) }, offerB),
        event(sixth, 'created', '2026-04-01T10:00:00Z', { how: 'careers' }),
      ]);
    expect(await reportAggregateMismatches(t.db)).toEqual([]);
    expect((await entryOf(seventh, offerB, 2))?.enteredAt).toEqual(new Date('2026-05-02T10:00:00Z'));
    expect((await entryOf(sixth, offerB, 2))?.enteredAt).toEqual(new Date('2026-05-01T10:00:00Z'));
    const sources = await t.app.inject({
      url: `/api/reports/sources?from=2026-05-01&to=2026-05-31&job_offer_ids=${offerB}`,
      headers: org.admin.headers,
    });
    expect((await ok(sources)).json().sources).toEqual([{ source: 'first', applications: 1, hires: 0 }]);
    const [how] = (
      (await t.db.execute(
        sql`select how from report_applications where candidate_id = ${seventh} and job_offer_id = ${offerB}`,
      )) as unknown as { rows: { how: string }[] }
    ).rows;
    expect(how).toEqual({ how: 'cv' });
  });

  it('count the weeks of a period that starts and ends mid-week as the facts do', async () => {
    const [first, second] = people as [number, number];
    const s = (i: number) => ({ id: status(i), name: org.statuses[i]?.name });
    // Moves every other day of May and June 2026 in offer B, by two people and by nobody.
    const actors = [org.alice.id, org.admin.id, null];
    await t.db.insert(candidateEvents).values(
      Array.from({ length: 30 }, (_, i) => ({
        licenceId: org.licence.id,
        candidateId: i % 2 ? first : second,
        jobOfferId: offerB,
        kind: 'status_changed',
        actorId: actors[i % 3] ?? null,
        data: { from: s(0), to: s(1 + (i % 3)) },
        createdAt: new Date(Date.UTC(2026, 4, 1 + 2 * i, 8 + (i % 10))),
      })),
    );
    expect(await reportAggregateMismatches(t.db)).toEqual([]);
    for (const [from, to] of [
      ['2026-05-01', '2026-06-30'],
      ['2026-05-06', '2026-05-20'],
      ['2026-05-04', '2026-05-10'],
      ['2026-05-13', '2026-05-13'],
      ['2026-05-12', '2026-06-02'],
    ] as const) {
      const query = `from=${from}&to=${to}&job_offer_ids=${offerB}`;
      const velocity = (
        await ok(await t.app.inject({ url: `/api/reports/velocity?${query}`, headers: org.admin.headers }))
      ).json();
      const team = (
        await ok(
          await t.app.inject({ url: `/api/reports/team_activity?${query}`, headers: org.admin.headers }),
        )
      ).json();
      const facts = (
        (await t.db.execute(sql`
          select to_char(date_trunc('week', created_at at time zone 'UTC'), 'YYYY-MM-DD') as week, actor_id,
            count(*) filter (where kind = 'move')::int as moves,
            count(*) filter (where kind = 'application')::int as applications
          from report_facts
          where licence_id = ${org.licence.id} and job_offer_id = ${offerB} and kind in ('application', 'move')
            and created_at >= ${from}::date and created_at < ${to}::date + 1
          group by 1, 2`)) as unknown as {
          rows: { week: string; actor_id: number | null; moves: number; applications: number }[];
        }
      ).rows;
      const perWeek = new Map<string, { moves: number; applications: number }>();
      for (const row of facts) {
        const week = perWeek.get(row.week) ?? { moves: 0, applications: 0 };
        perWeek.set(row.week, {
          moves: week.moves + row.moves,
          applications: week.applications + row.applications,
        });
      }
      expect(
        (velocity.weeks as { week: string; moves: number; applications: number }[]).filter(
          (w) => w.moves > 0 || w.applications > 0,
        ),
        query,
      ).toEqual([...perWeek].sort(([a], [b]) => a.localeCompare(b)).map(([week, n]) => ({ week, ...n })));
      const movesPerUser = (team.rows as { week: string; user: { id: number } | null; moves: number }[])
        .filter((r) => r.moves > 0)
        .map((r) => `${r.week} ${r.user?.id ?? '-'} ${r.moves}`)
        .sort();
      expect(movesPerUser, query).toEqual(
        facts
          .filter((r) => r.moves > 0)
          .map((r) => `${r.week} ${r.actor_id ?? '-'} ${r.moves}`)
          .sort(),
      );
      expect(movesPerUser.length, query).toBeGreaterThan(0);
    }
  });

  it('count the emails sent from an offer in its weeks, and team activity reads them there', async () => {
    const [first] = people as [number];
    const email = (jobOfferId: number, at: string) => ({
      licenceId: org.licence.id,
      candidateId: first,
      jobOfferId,
      kind: 'email_sent',
      actorId: org.alice.id,
      data: { subject: 'Hello' },
      createdAt: new Date(at),
    });
    // Two emails from A in a whole week and one on the period's last (partial) day, one from B.
    await t.db
      .insert(candidateEvents)
      .values([
        email(offerA, '2025-01-07T10:00:00Z'),
        email(offerA, '2025-01-09T10:00:00Z'),
        email(offerA, '2025-01-13T10:00:00Z'),
        email(offerB, '2025-01-08T10:00:00Z'),
      ]);
    expect(await reportAggregateMismatches(t.db)).toEqual([]);
    const team = async (offers: number[]) => {
      const res = await ok(
        await t.app.inject({
          method: 'GET',
          url: `/api/reports/team_activity?from=2025-01-06&to=2025-01-13&job_offer_ids=${offers.join(',')}`,
          headers: org.admin.headers,
        }),
      );
      return (JSON.parse(res.body) as { rows: { week: string; emails: number }[] }).rows.map((row) => [
        row.week,
        row.emails,
      ]);
    };
    expect(await team([offerA])).toEqual([
      ['2025-01-06', 2],
      ['2025-01-13', 1],
    ]);
    expect(await team([offerB])).toEqual([['2025-01-06', 1]]);
    expect(await team([offerA, offerB])).toEqual([
      ['2025-01-06', 3],
      ['2025-01-13', 1],
    ]);
  });

  it("go with a licence's candidates deleted in one statement, facts and all", async () => {
    const L = other.licence.id;
    const offer = await insertOffer(t, L, other.alice.id, 'Theirs');
    const [theirs] = await insertPeople(t, L, [{ firstName: 'Their', lastName: 'Person' }]);
    if (theirs === undefined) throw new Error('no person');
    const s0 = other.statuses[0];
    await t.db.insert(candidateEvents).values([
      { licenceId: L, candidateId: theirs, kind: 'created', data: { how: 'cv' } },
      {
        licenceId: L,
        candidateId: theirs,
        jobOfferId: offer,
        kind: 'application_created',
        data: { status: { id: s0?.id, name: s0?.name } },
      },
      { licenceId: L, candidateId: theirs, jobOfferId: offer, kind: 'email_sent', data: { subject: 'Hi' } },
    ]);
    const count = async () =>
      (
        (await t.db.execute(sql`select
          (select count(*) from report_facts where licence_id = ${L})::int as facts,
          (select count(*) from report_stage_entries where licence_id = ${L})::int as entries,
          (select count(*) from report_applications where licence_id = ${L})::int as applications,
          (select coalesce(sum(n), 0) from report_weekly_counts where licence_id = ${L})::int as weekly`)) as unknown as {
          rows: Record<string, number>[];
        }
      ).rows[0];
    expect(await count()).toEqual({ facts: 3, entries: 1, applications: 1, weekly: 2 });
    // What a licence's deletion does to them (its audit log, append-only, refuses the licence's own here).
    await t.db.execute(sql`delete from candidates where licence_id = ${L}`);
    expect(await count()).toEqual({ facts: 0, entries: 0, applications: 0, weekly: 0 });
    expect(await reportAggregateMismatches(t.db)).toEqual([]);
  });
});
