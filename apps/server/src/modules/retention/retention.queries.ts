import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { scopedSql } from '../../db/tenant-scope.ts';

/** Days between the mail offering to keep the data and the erasure (issue 24). */
export const NOTICE_DAYS = 30;

/** A candidate whose retention period ends by the horizon asked for. */
export type DueCandidate = {
  candidateId: number;
  name: string;
  email: string | null;
  lastActivityAt: Date;
  /** `last activity + retention months`: the period's end, which names its notice. */
  dueAt: Date;
  /** When the data goes: the period's end, or 30 days after the notice when that came later. */
  eraseAt: Date;
  noticeAt: Date | null;
};

type Raw = {
  candidate_id: number;
  name: string;
  email: string | null;
  last_activity_at: Date | string;
  due_at: Date | string;
  erase_at: Date | string;
  notice_at: Date | string | null;
};

const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * The licence's candidates whose retention period (`months` without activity) ends on or before
 * `now + horizonDays`, excluded ones left out, soonest first. Activity is the latest of: the candidate's own
 * changes (`updated_at`), their legal basis (a consent resets it), their events, their applications' changes,
 * their notes. Computed when asked, so no writer can forget to move it; `updated_at` never exceeds it, so the
 * licence's `updated_at` index narrows the rows first (a bound on the column itself: the planner cannot read an
 * index through an expression of it), and the last activity is computed for the old candidates only.
 */
export async function dueCandidates(
  db: Db,
  {
    licenceId,
    months,
    now,
    horizonDays,
    limit = 10_000,
  }: { licenceId: number; months: number; now: Date; horizonDays: number; limit?: number },
): Promise<DueCandidate[]> {
  const horizon = new Date(now.getTime() + horizonDays * 86_400_000).toISOString();
  // Months are counted on the UTC calendar and the notice's days as 24 hours, whatever the session's time zone
  // (a PostgreSQL server's local one would move a date by an hour across a daylight saving change).
  // In milliseconds: the due date names its notice, and comes back stored from a JavaScript Date.
  const plusMonths = (at: SQL) =>
    sql`date_trunc('milliseconds', ((${at}) at time zone 'UTC' + make_interval(months => ${months})) at time zone 'UTC')`;
  const noticeSpan = sql`make_interval(secs => ${NOTICE_DAYS * 86_400})`;
  const rows = await rawRows<Raw>(
    db,
    sql`with active as (
          select c.id,
            greatest(c.created_at, c.updated_at, c.legal_basis_at,
              (select max(e.created_at) from candidate_events e where e.candidate_id = c.id),
              (select max(ja.updated_at) from job_applications ja where ja.candidate_id = c.id),
              (select max(n.updated_at) from candidate_notes n where n.candidate_id = c.id),
              (select max(k.created_at) from candidate_consents k where k.candidate_id = c.id)) as last_activity_at
          from candidates c
          where ${scopedSql('c', licenceId)} and ${plusMonths(sql`c.updated_at`)} <= ${horizon}::timestamptz
            -- The same bound on the column itself, a few days wide (a month back from the 31st is not exact),
            -- so the licence's updated_at index reads only the old candidates; the line above is exact.
            and c.updated_at <= ${horizon}::timestamptz - make_interval(months => ${months}) + interval '4 days'
            and c.erased_at is null
            and not exists (select 1 from retention_exclusions x where x.candidate_id = c.id)
        ), due as (
          select a.id, a.last_activity_at, ${plusMonths(sql`a.last_activity_at`)} as due_at from active a
          where ${plusMonths(sql`a.last_activity_at`)} <= ${horizon}::timestamptz
        )
        select d.id as candidate_id, d.last_activity_at, d.due_at, n.created_at as notice_at, m.value as email,
          coalesce(nullif(trim(coalesce(c.manual_data->>'firstName', c.first_name, '') || ' ' ||
            coalesce(c.manual_data->>'lastName', c.last_name, '')), ''), '#' || c.id) as name,
          case when m.value is null then d.due_at
               else greatest(d.due_at, coalesce(n.created_at, ${now.toISOString()}::timestamptz)
                                        + ${noticeSpan}) end as erase_at
        from due d
        join candidates c on c.id = d.id
        left join retention_notices n on n.candidate_id = d.id and n.due_at = d.due_at
        left join lateral (
          select cc.value from candidate_contacts cc
          where cc.candidate_id = d.id and cc.kind = 'email' and cc.deleted_at is null
          order by cc.is_primary desc, cc.created_at, cc.id limit 1
        ) m on true
        order by erase_at, d.id
        limit ${limit}`,
  );
  return rows.map((r) => ({
    candidateId: Number(r.candidate_id),
    name: r.name,
    email: r.email,
    lastActivityAt: date(r.last_activity_at),
    dueAt: date(r.due_at),
    eraseAt: date(r.erase_at),
    noticeAt: r.notice_at === null ? null : date(r.notice_at),
  }));
}

/** The licences whose retention is on, with their months and action (a missing row reads as the default). */
export async function licencesWithRetention(db: Db) {
  const rows = await rawRows<{ licence_id: number; months: string | null; action: string | null }>(
    db,
    sql`select l.id as licence_id, m.value as months, a.value as action
        from licences l
        left join settings m on m.licence_id = l.id and m.name = 'retention_months'
        left join settings a on a.licence_id = l.id and a.name = 'retention_action'
        order by l.id`,
  );
  return rows.map((r) => ({ licenceId: Number(r.licence_id), months: r.months, action: r.action }));
}
