import type { FunnelReport, TimeInStageReport } from '@vivier/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { scopedSql } from '../../db/tenant-scope.ts';
import { days, period, type ReportScope } from './report-scope.ts';

/**
 * The funnel, ONE statement (decision 220): the applications created in the period (a copy is a creation in its
 * new offer), each at the furthest status of the pipeline it has entered since; an application reached every
 * stage up to its furthest, so a skipped status counts as passed and a move back changes nothing. Statuses
 * marked rejected are outcomes, not stages: counted apart, with the moves that carried a rejection.
 *
 * Each application's row in `report_applications` keeps the statuses it entered and whether it was rejected
 * (the facts' trigger adds to them as moves are written), so the statement reads the period's applications
 * from one index, tallies them by those two (a handful of distinct paths through the pipeline), and only then
 * places each path in the pipeline's current order: reordering or renaming statuses needs no rewrite.
 */
export async function funnelReport(db: Db, scope: ReportScope): Promise<FunnelReport> {
  const rows = await rawRows<{
    id: number | null;
    name: string | null;
    reached: number;
    total: number;
    rejected: number;
  }>(
    db,
    sql`${scope.with},
      pipeline as (select s.id, s.name, s.index from statuses s where ${scopedSql('s', scope.caller)} and not s.rejected),
      outcome as (select s.id from statuses s where ${scopedSql('s', scope.caller)} and s.rejected),
      paths as (
        select a.reached, a.rejected, count(*) as n from report_applications a
        where ${scopedSql('a', scope.caller)} and a.job_offer_id in (select id from offers)
          and a.applied_at >= ${scope.starts} and a.applied_at < ${scope.ends}
        group by 1, 2),
      tally as (
        select (select max(p.index) from pipeline p where p.id = any(x.reached)) as furthest,
          x.rejected or exists (select 1 from outcome o where o.id = any(x.reached)) as rejected, sum(x.n) as n
        from paths x group by 1, 2),
      totals as (select coalesce(sum(n), 0)::int as total, coalesce(sum(n) filter (where rejected), 0)::int as rejected
        from tally)
      select p.id, p.name, (select coalesce(sum(a.n), 0) from tally a where a.furthest >= p.index)::int as reached,
        t.total, t.rejected
      from totals t left join pipeline p on true
      order by p.index, p.id`,
  );
  const first = rows[0];
  const stages = rows.flatMap((row) =>
    row.id === null || row.name === null
      ? []
      : [{ id: Number(row.id), name: row.name, reached: Number(row.reached) }],
  );
  return {
    ...period(scope),
    applications: Number(first?.total ?? 0),
    rejected: Number(first?.rejected ?? 0),
    stages: stages.map((stage, i) => {
      const next = stages[i + 1];
      return {
        status: { id: stage.id, name: stage.name },
        reached: stage.reached,
        conversion:
          next && stage.reached > 0 ? Math.round((next.reached / stage.reached) * 10_000) / 10_000 : null,
        drop_off: next ? stage.reached - next.reached : null,
      };
    }),
  };
}

/**
 * Time in stage, two statements. A stay is the time between entering a status (a creation in it, a move to
 * it) and the next move of the same application; the stays that began in the period and have ended count,
 * read from `report_stays` (decision 222), where each fact's row holds the stay it ended.
 * Time to hire: from the application's first creation (a copy is a creation in the new offer) to its first
 * entry into the hire status, for hires in the period, read from the stage entries (decisions 210 and 223).
 */
export async function timeInStageReport(db: Db, scope: ReportScope): Promise<TimeInStageReport> {
  const stages = await rawRows<{ id: number; name: string; stays: number; median: unknown; p90: unknown }>(
    db,
    sql`${scope.with}
      select s.id, s.name, st.stays, st.median, st.p90
      from statuses s cross join lateral (
        -- Each status's stays, one range of the licence's (or one offer's) index of stays by status and start,
        -- index only: the percentiles sort a status's durations, and nothing sorts them all by status first.
        select count(*)::int as stays,
          round((percentile_cont(0.5) within group (order by x.days))::numeric, 2) as median,
          round((percentile_cont(0.9) within group (order by x.days))::numeric, 2) as p90
        from (
          select date_part('epoch', st.at - st.stay_began_at) / 86400 as days
          from report_stays st
          where ${scopedSql('st', scope.caller)} and st.stay_status_id = s.id
            and st.job_offer_id in (select id from offers)
            and st.stay_began_at >= ${scope.starts} and st.stay_began_at < ${scope.ends}) x) st
      where ${scopedSql('s', scope.caller)}
      order by s.index, s.id`,
  );
  // The hires of the period are one range of the entries' (licence, status, time) index, which carries each
  // application's first creation (decision 223).
  const [hire] = await rawRows<{ hires: number; median: unknown; p90: unknown }>(
    db,
    sql`${scope.with},
      spans as (
        select extract(epoch from e.entered_at - e.applied_at) / 86400 as days
        from report_stage_entries e
        where ${scopedSql('e', scope.caller)} and e.status_key = ${scope.hiredKey}
          and e.job_offer_id in (select id from offers)
          and e.entered_at >= ${scope.starts} and e.entered_at < ${scope.ends} and e.applied_at <= e.entered_at)
      select count(*)::int as hires,
        round((percentile_cont(0.5) within group (order by days))::numeric, 2) as median,
        round((percentile_cont(0.9) within group (order by days))::numeric, 2) as p90
      from spans`,
  );
  return {
    ...period(scope),
    stages: stages.map((row) => ({
      status: { id: Number(row.id), name: row.name },
      stays: Number(row.stays),
      median_days: days(row.median),
      p90_days: days(row.p90),
    })),
    time_to_hire: {
      hires: Number(hire?.hires ?? 0),
      median_days: days(hire?.median),
      p90_days: days(hire?.p90),
    },
  };
}
