import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rawRows } from '../db/raw-rows.ts';

/**
 * The offers whose kept counts (job_offer_status_counts, decision 206) differ from a recount of their
 * applications: empty when the triggers kept them exact. The load, crash and concurrency tests check it.
 */
export async function countMismatches(db: Db) {
  return rawRows<{ job_offer_id: number; status_key: number; kept: number | null; recounted: number | null }>(
    db,
    sql`
    select job_offer_id, status_key, k.applications as kept, r.n as recounted
    from (select job_offer_id, status_key, applications from job_offer_status_counts where applications <> 0) k
    full join (
      select job_offer_id, coalesce(status_id, 0) as status_key, count(*)::int as n from job_applications group by 1, 2
    ) r using (job_offer_id, status_key)
    where k.applications is distinct from r.n
    order by job_offer_id, status_key`,
  );
}
