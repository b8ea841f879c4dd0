import type { SourcesReport, VelocityReport } from '@vivier/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { scopedSql } from '../../db/tenant-scope.ts';
import { factsIn, partialWeeks, period, type ReportScope, weeksIn } from './report-scope.ts';

/**
 * The scope's hires of the period: each application's first entry into the hire status, from the entries'
 * (licence, status, time) index (decision 210), as a condition on `report_stage_entries` aliased `e`.
 */
const hiresIn = (
  scope: ReportScope,
) => sql`${scopedSql('e', scope.caller)} and e.status_key = ${scope.hiredKey}
  and e.job_offer_id in (select id from offers)
  and e.entered_at >= ${scope.starts} and e.entered_at < ${scope.ends}`;

/**
 * Velocity, two statements: moves and new applications (created or copied) per week, every week of the period
 * (Monday, UTC) whether empty or not, the whole weeks from `report_weekly_counts` and the partial first and last
 * from the facts; hires (an application's first entry into the hire status) per month, from the entries.
 */
export async function velocityReport(db: Db, scope: ReportScope): Promise<VelocityReport> {
  const weeks = await rawRows<{ week: string; moves: number; applications: number }>(
    db,
    sql`${scope.with},
      weeks as (select generate_series(date_trunc('week', ${scope.from}::timestamp),
                                       date_trunc('week', ${scope.to}::timestamp), interval '1 week') as week),
      counts as (
        select c.week, sum(c.moves) as moves, sum(c.applications) as applications from (
          select k.week::timestamp as week, sum(k.n) filter (where k.kind = 'move') as moves,
            sum(k.n) filter (where k.kind = 'application') as applications
          from report_weekly_counts k where ${weeksIn(scope, 'k')}
          group by 1
          union all
          select date_trunc('week', f.created_at at time zone 'UTC'),
            count(*) filter (where f.kind = 'move'), count(*) filter (where f.kind = 'application')
          from report_facts f
          where ${factsIn(scope, 'f', "'application', 'move'", partialWeeks(scope, 'f'))}
          group by 1) c
        group by 1)
      select to_char(w.week, 'YYYY-MM-DD') as week, coalesce(c.moves, 0)::int as moves,
        coalesce(c.applications, 0)::int as applications
      from weeks w left join counts c on c.week = w.week order by w.week`,
  );
  const months = await rawRows<{ month: string; hires: number }>(
    db,
    sql`${scope.with},
      months as (select generate_series(date_trunc('month', ${scope.from}::timestamp),
                                        date_trunc('month', ${scope.to}::timestamp), interval '1 month') as month),
      counts as (
        select date_trunc('month', e.entered_at at time zone 'UTC') as month, count(*) as hires
        from report_stage_entries e where ${hiresIn(scope)} group by 1)
      select to_char(m.month, 'YYYY-MM') as month, coalesce(c.hires, 0)::int as hires
      from months m left join counts c on c.month = m.month order by m.month`,
  );
  return {
    ...period(scope),
    weeks: weeks.map((w) => ({ week: w.week, moves: Number(w.moves), applications: Number(w.applications) })),
    months: months.map((m) => ({ month: m.month, hires: Number(m.hires) })),
  };
}

/**
 * Sources, ONE statement: the applications first created in the period (a copy is a creation in its offer),
 * by where they came from: the application's own source (the careers page or its link's `utm_source`; `copy`
 * for a copy), else how its candidate came (`import`, `cv`, `careers_page`), else `manual`; and how many of
 * them have reached the hire status. Both from the pre-aggregates (decisions 210, 220): one entry per
 * application of the period in `report_applications_licence_time_idx`, which carries all the statement reads.
 */
export async function sourcesReport(db: Db, scope: ReportScope): Promise<SourcesReport> {
  const rows = await rawRows<{ source: string; applications: number; hires: number }>(
    db,
    sql`${scope.with},
      labelled as (
        select coalesce(nullif(a.source, ''),
          case a.how when 'import' then 'import' when 'cv' then 'cv' when 'careers' then 'careers_page' end,
          'manual') as source,
          -- Hired: the application has entered the hire status (its reach, decision 220), whenever.
          ${scope.hiredKey}::int = any(a.reached) as hired
        from report_applications a
        where ${scopedSql('a', scope.caller)} and a.job_offer_id in (select id from offers)
          and a.applied_at >= ${scope.starts} and a.applied_at < ${scope.ends})
      select l.source, count(*)::int as applications, count(*) filter (where l.hired)::int as hires
      from labelled l
      group by l.source order by count(*) desc, l.source`,
  );
  return {
    ...period(scope),
    sources: rows.map((r) => ({
      source: r.source,
      applications: Number(r.applications),
      hires: Number(r.hires),
    })),
  };
}
