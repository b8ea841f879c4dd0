import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { candidateEvents, candidates, jobApplications, reportStageEntries } from '../../db/schema/index.ts';
import { apply, insertOffer, insertPeople } from '../../test/fixtures/job-applications.ts';
import { type Organisation, statusOf } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';
import { reportAggregateMismatches } from '../../test/report-aggregates.ts';

// The reports' pre-aggregates (decision 210) are kept by a trigger on report_facts: after every operation that
// writes or removes facts they equal a recount of the facts, and the reports read the same numbers.
let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));

const status = (i: number) => statusOf(org, i);
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
    // A rejection, then the creation of the application those moves belong to, each in a statement of its
    // own: the application starts with every status entered before and the rejection (decision 220).
    await t.db
      .insert(candidateEvents)
      .values(
        event(
          sixth,
          'status_changed',
          '2026-05-04T10:00:00Z',
          { from: s(2), to: s(1), reason_text: 'No' },
          offerB,
        ),
      );
    await t.db
      .insert(candidateEvents)
      .values(event(sixth, 'application_created', '2026-04-30T10:00:00Z', { status: s(0) }, offerB));
    expect(await reportAggregateMismatches(t.db)).toEqual([]);
    const funnel = await t.app.inject({
      url: `/api/reports/funnel?from=2026-04-30&to=2026-04-30&job_offer_ids=${offerB}`,
      headers: org.admin.headers,
    });
    expect((await ok(funnel)).json()).toMatchObject({ applications: 1, rejected: 1 });
    expect(
      funnel
        .json()
        .stages.slice(0, 3)
        .map((stage: { reached: number }) => stage.reached),
    ).toEqual([1, 1, 1]);
    // Each stay ends at the application's next fact in time, whichever statement wrote it (decision 222): the
    // first status's 1 and 1 days; the third's 8 (seventh), 2 and 1 (sixth). The second's are seventh's 2 days
    // and sixth's from May 4 to its copy into offer B today (the test above), whose length depends on the date.
    const stays = await t.app.inject({
      url: `/api/reports/time_in_stage?from=2026-04-30&to=2026-05-31&job_offer_ids=${offerB}`,
      headers: org.admin.headers,
    });
    const [first, second, third] = (await ok(stays)).json().stages as {
      stays: number;
      median_days: number;
      p90_days: number;
    }[];
    expect(first).toMatchObject({ stays: 2, median_days: 1, p90_days: 1 });
    expect(second?.stays).toBe(2);
    expect(third).toMatchObject({ stays: 3, median_days: 2, p90_days: 6.8 });
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
