import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { candidateEvents } from '../../db/schema/index.ts';
import { insertOffer, insertPeople } from '../../test/fixtures/job-applications.ts';
import { type Organisation, statusOf } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';
import { reportAggregateMismatches } from '../../test/report-aggregates.ts';

// The weekly counts of the reports (decision 210; emails since decision 218): a period's whole weeks are read
// from them and its partial first and last weeks from the facts, and the two together equal the facts.
let t: TestApp, org: Organisation;
withTwoOrganisations((made) => ({ t, org } = made));

const status = (i: number) => statusOf(org, i);
let offerA: number, offerB: number;
let people: number[];

const ok = async <R extends { statusCode: number; body: string }>(res: R, code = 200) => {
  expect(res.statusCode, res.body).toBe(code);
  return res;
};

beforeAll(async () => {
  offerA = await insertOffer(t, org.licence.id, org.alice.id, 'Weekly A');
  offerB = await insertOffer(t, org.licence.id, org.alice.id, 'Weekly B');
  people = await insertPeople(t, org.licence.id, [
    { firstName: 'Week0', lastName: 'Person' },
    { firstName: 'Week1', lastName: 'Person' },
  ]);
});

beforeEach(async () => {
  expect(await reportAggregateMismatches(t.db)).toEqual([]);
});

describe('the weekly counts of the reports', () => {
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
});
