import type { ReportQuery } from '@vivier/contract';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { setLocal } from '../../db/planner-settings.ts';
import { jobOffers, statuses } from '../../db/schema/index.ts';
import { scoped, scopedSql } from '../../db/tenant-scope.ts';
import { notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import { visibleJobOffers } from '../job-offers/job-offer.policy.ts';

/** The filters as the route validated them: the period is always there (the contract fills the default). */
export type ReportFilter = z.output<typeof ReportQuery>;

/** What every report's statement starts from: its offers, its period, the status read as the hire. */
export type ReportScope = {
  caller: Caller;
  /** `with offers as (…), period as (…)`: the CTEs every report's statement opens with. */
  with: SQL;
  from: string;
  to: string;
  /** The status read as the hire: the last of the pipeline not marked rejected (null: no pipeline). */
  hired: { id: number; name: string } | null;
  /**
   * The period's bounds as expressions of the parameters, not a CTE's: the planner then knows them and
   * estimates a year's facts as a year's, not as a third of a guess (decision 210).
   */
  starts: SQL;
  ends: SQL;
  /** The hire status's key in `report_stage_entries` (-1, which no entry has, without a pipeline). */
  hiredKey: number;
  /**
   * The period's whole ISO weeks (UTC wall-clock timestamps, Mondays): from the first Monday on or after its
   * start to the Monday of the week of its end. `report_weekly_counts` holds those; the days before and after
   * (at most six each side) are read from the facts (decision 210). Empty (from after to) for a short period.
   */
  wholeWeeks: { from: SQL; to: SQL };
};

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${Math.trunc(id)}`),
    sql`, `,
  );

/**
 * The offers a report covers (decision 201): the licence's offers the caller sees (the job offer policy: a
 * user of an opaque licence only those they manage or are assigned to), narrowed by the filters. No alias:
 * the policy's condition names `job_offers` itself.
 */
function offersSql(caller: Caller, f: ReportFilter): SQL {
  const conditions: SQL[] = [scoped(jobOffers, caller)];
  const visible = visibleJobOffers(caller);
  if (visible) conditions.push(visible);
  if (f.job_offer_ids.length > 0) conditions.push(sql`job_offers.id in (${idList(f.job_offer_ids)})`);
  if (f.company_id !== undefined) conditions.push(sql`job_offers.company_id = ${f.company_id}`);
  if (f.user_id !== undefined) {
    conditions.push(sql`(job_offers.user_id = ${f.user_id} or exists (select 1 from job_offer_assigned_users a
      where a.job_offer_id = job_offers.id and a.user_id = ${f.user_id}))`);
  }
  if (f.tag_ids.length > 0) {
    conditions.push(sql`exists (select 1 from job_offer_tags jt
      where jt.job_offer_id = job_offers.id and jt.tag_id in (${idList(f.tag_ids)}))`);
  }
  return sql`select job_offers.id from job_offers where ${sql.join(conditions, sql` and `)}`;
}

/**
 * The scope of one report request. An offer named in `job_offer_ids` that the caller cannot see (another
 * licence's, a hidden one, a missing one) is a 404, as everywhere; a company, user or tag of another licence
 * just matches no offer.
 */
export async function reportScope(db: Db, caller: Caller, f: ReportFilter): Promise<ReportScope> {
  if (f.job_offer_ids.length > 0) {
    const wanted = [...new Set(f.job_offer_ids)];
    const visible = visibleJobOffers(caller);
    const seen = await db
      .select({ id: jobOffers.id })
      .from(jobOffers)
      .where(and(scoped(jobOffers, caller), inArray(jobOffers.id, wanted), visible));
    if (seen.length !== wanted.length) throw notFound('Job offer');
  }
  const [hired] = await db
    .select({ id: statuses.id, name: statuses.name })
    .from(statuses)
    .where(and(scoped(statuses, caller), eq(statuses.rejected, false)))
    .orderBy(desc(statuses.index), desc(statuses.id))
    .limit(1);
  const start = sql`(${f.from}::date)::timestamp at time zone 'UTC'`;
  const end = sql`(${f.to}::date + 1)::timestamp at time zone 'UTC'`;
  return {
    caller,
    from: f.from,
    to: f.to,
    with: sql`with offers as not materialized (${offersSql(caller, f)}),
      period as (select ${start} as starts, ${end} as ends)`,
    hired: hired ?? null,
    starts: start,
    ends: end,
    hiredKey: hired?.id ?? -1,
    wholeWeeks: {
      from: sql`date_trunc('week', (${f.from}::date + 6)::timestamp)`,
      to: sql`date_trunc('week', (${f.to}::date + 1)::timestamp)`,
    },
  };
}

/**
 * The facts of the scope's offers and period, as a condition on `report_facts` aliased `alias`; `kinds` are
 * the statement's own literals. `when` narrows the time (the period by default; `partialWeeks` its ends).
 */
export function factsIn(
  scope: ReportScope,
  alias: string,
  kinds: string,
  when = inPeriod(scope, alias),
): SQL {
  const a = sql.raw(alias);
  return sql`${scopedSql(alias, scope.caller)} and ${a}.kind in (${sql.raw(kinds)})
    and ${a}.job_offer_id in (select id from offers) and ${when}`;
}

const inPeriod = (scope: ReportScope, alias: string) => {
  const a = sql.raw(alias);
  return sql`${a}.created_at >= ${scope.starts} and ${a}.created_at < ${scope.ends}`;
};

/** The scope's rows of `report_weekly_counts` aliased `alias` for the period's whole weeks. */
export function weeksIn(scope: ReportScope, alias: string): SQL {
  const a = sql.raw(alias);
  return sql`${scopedSql(alias, scope.caller)} and ${a}.job_offer_id in (select id from offers)
    and ${a}.week >= ${scope.wholeWeeks.from}::date and ${a}.week < ${scope.wholeWeeks.to}::date`;
}

/**
 * The period's days outside its whole weeks (for `factsIn`): at most six at each end, as two ranges of time.
 * Not "in the period and not in its whole weeks": the planner multiplied the two conditions' estimates, took a
 * year's 25,000 facts for 200,000 and read every offer's year through its index, 230 ms instead of 20
 * (decision 219). A short period inside one week is all outside: the two ranges overlap and count once.
 */
export function partialWeeks(scope: ReportScope, alias: string): SQL {
  const a = sql.raw(alias);
  const from = sql`${scope.wholeWeeks.from} at time zone 'UTC'`;
  const to = sql`${scope.wholeWeeks.to} at time zone 'UTC'`;
  return sql`((${a}.created_at >= ${scope.starts} and ${a}.created_at < least(${scope.ends}, ${from}))
    or (${a}.created_at >= greatest(${scope.starts}, ${to}) and ${a}.created_at < ${scope.ends}))`;
}

/** A numeric the drivers answer as text (node-postgres) or number, as a number; null stays null. */
export const days = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

/** What every report answers beside its figures: the period and the hire status it read. */
export const period = (scope: ReportScope) => ({ from: scope.from, to: scope.to, hired_status: scope.hired });

/**
 * Runs a report's statements in a transaction that lets them hash and sort a year of facts in memory (`set
 * local work_mem`, this transaction only): the funnel groups the period's facts by application, ~190,000
 * groups at 200,000 candidates, which the default 4 MB spilled to disk in five batches; velocity and time in
 * stage sorted them on disk. And no parallel workers: on two shared cores the planner's parallel scan of a
 * year of facts took 250 ms where one process's index scan took 90 (rejections; decision 210).
 */
export function withReportMemory<T>(db: Db, run: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    setLocal(tx, { work_mem: '64MB', max_parallel_workers_per_gather: '0' });
    return run(tx);
  });
}
