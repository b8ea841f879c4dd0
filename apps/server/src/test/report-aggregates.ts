import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rawRows } from '../db/raw-rows.ts';

/**
 * The rows of the reports' pre-aggregates (report_stage_entries, report_applications with each application's
 * statuses reached, report_weekly_counts, report_stays with the stay each fact ended; decisions 210, 220, 222 and 223) that
 * differ from a recount of `report_facts`, or are missing from either side: empty when the triggers kept them
 * exact. Each row names the aggregate, its key and both values as text.
 */
export async function reportAggregateMismatches(db: Db) {
  return rawRows<{ aggregate: string; key: string; kept: string | null; recounted: string | null }>(
    db,
    sql`
    select 'report_stage_entries' as aggregate, concat_ws('/', candidate_id, job_offer_id, status_key) as key,
      k.row::text as kept, r.row::text as recounted
    from (select candidate_id, job_offer_id, status_key, (licence_id, entered_at, applied_at) as row
      from report_stage_entries) k
    full join (
      select candidate_id, job_offer_id, status_key, (licence_id, min(created_at), (select min(a.created_at)
          from report_facts a where a.kind = 'application' and a.candidate_id = f.candidate_id
            and a.job_offer_id = f.job_offer_id)) as row
      from report_facts f cross join lateral (values (coalesce(status_id, 0)), (case when rejected then -2 end)) k(status_key)
      where kind in ('application', 'move') and job_offer_id is not null and status_key is not null
      group by licence_id, candidate_id, job_offer_id, status_key
    ) r using (candidate_id, job_offer_id, status_key)
    where k.row is distinct from r.row
    union all
    select 'report_applications', concat_ws('/', candidate_id, job_offer_id), k.row::text, r.row::text
    from (
      select candidate_id, job_offer_id, (licence_id, applied_at, fact_id, source, how, reached, rejected) as row
      from report_applications
    ) k
    full join (
      select distinct on (f.candidate_id, f.job_offer_id) f.candidate_id, f.job_offer_id,
        (f.licence_id, f.created_at, f.id, f.source, (
          select c.source from report_facts c where c.candidate_id = f.candidate_id and c.kind = 'created'
          order by c.created_at, c.id limit 1),
          -- The statuses its facts entered and whether one carried a rejection (decision 220).
          array(select distinct s.status_id from report_facts s where s.candidate_id = f.candidate_id
            and s.job_offer_id = f.job_offer_id and s.kind in ('application', 'move') and s.status_id is not null
            order by 1),
          exists (select 1 from report_facts s where s.candidate_id = f.candidate_id
            and s.job_offer_id = f.job_offer_id and s.rejected)) as row
      from report_facts f where f.kind = 'application' and f.job_offer_id is not null
      order by f.candidate_id, f.job_offer_id, f.created_at, f.id
    ) r using (candidate_id, job_offer_id)
    where k.row is distinct from r.row
    union all
    select 'report_weekly_counts', concat_ws('/', job_offer_id, week, kind, actor_key), k.row::text, r.row::text
    from (
      select job_offer_id, week, kind, actor_key, (licence_id, n) as row from report_weekly_counts where n <> 0
    ) k
    full join (
      select job_offer_id, date_trunc('week', created_at at time zone 'UTC')::date as week, kind,
        coalesce(actor_id, 0) as actor_key, (licence_id, count(*)::int) as row
      from report_facts where kind in ('application', 'move', 'email') and job_offer_id is not null
      group by licence_id, job_offer_id, 2, kind, 4
    ) r using (job_offer_id, week, kind, actor_key)
    where k.row is distinct from r.row
    union all
    select 'report_stays', concat_ws('/', job_offer_id, candidate_id, fact_id), k.row::text, r.row::text
    from (
      select job_offer_id, candidate_id, fact_id, (licence_id, at, status_id, stay_status_id, stay_began_at) as row
      from report_stays
    ) k
    full join (
      select job_offer_id, candidate_id, id as fact_id, (licence_id, created_at, status_id,
        lag(status_id) over w, lag(created_at) over w) as row
      from report_facts where kind in ('application', 'move') and job_offer_id is not null
      window w as (partition by job_offer_id, candidate_id order by created_at, id)
    ) r using (job_offer_id, candidate_id, fact_id)
    where k.row is distinct from r.row
    order by 1, 2`,
  );
}
