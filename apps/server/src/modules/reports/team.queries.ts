import type { RejectionReasonsReport, TeamActivityReport } from '@vivier/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { scopedSql } from '../../db/tenant-scope.ts';
import { factsIn, partialWeeks, period, type ReportScope, weeksIn } from './report-scope.ts';

/**
 * Rejections, ONE statement: the moves of the period that carried a rejection or went to a status marked
 * rejected, grouped by the reason's name (null: free text only) and the status left; the two lists are summed
 * from those few rows. Each half is one range of its own partial index (decision 223): the moves that carried a
 * rejection by time, then, per status marked rejected, the moves to it that carried none (made before it was
 * marked); never the period's facts of every kind.
 */
export async function rejectionReasonsReport(db: Db, scope: ReportScope): Promise<RejectionReasonsReport> {
  const rows = await rawRows<{
    reason: string | null;
    status_id: number | null;
    status_name: string | null;
    count: number;
  }>(
    db,
    sql`${scope.with},
      rejections as (
        select f.reason, f.from_status_id from report_facts f
        where ${factsIn(scope, 'f', "'move'")} and f.rejected
        union all
        select f.reason, f.from_status_id
        from statuses r cross join lateral (
          select f.reason, f.from_status_id from report_facts f
          where ${factsIn(scope, 'f', "'move'")} and not f.rejected and f.status_id = r.id) f
        where ${scopedSql('r', scope.caller)} and r.rejected)
      select x.reason, s.id as status_id, s.name as status_name, count(*)::int as count
      from rejections x left join statuses s on s.id = x.from_status_id and ${scopedSql('s', scope.caller)}
      group by x.reason, s.id, s.name, s.index order by s.index nulls last, x.reason nulls last`,
  );
  const reasons = new Map<string | null, number>();
  const statuses = new Map<number | null, { status: { id: number; name: string } | null; count: number }>();
  for (const row of rows) {
    const count = Number(row.count);
    reasons.set(row.reason, (reasons.get(row.reason) ?? 0) + count);
    const id = row.status_id === null ? null : Number(row.status_id);
    const status = id === null || row.status_name === null ? null : { id, name: row.status_name };
    statuses.set(id, { status, count: (statuses.get(id)?.count ?? 0) + count });
  }
  return {
    ...period(scope),
    total: rows.reduce((sum, row) => sum + Number(row.count), 0),
    reasons: [...reasons]
      .map(([reason, count]) => ({ reason, count }))
      .sort((a, b) => b.count - a.count || (a.reason ?? '\uffff').localeCompare(b.reason ?? '\uffff')),
    from_statuses: [...statuses.values()],
  };
}

/**
 * Team activity, ONE statement: per week (Monday, UTC) and user, the moves and the emails in the scope's offers
 * (an email is sent from an offer's pipeline and its fact carries the offer: decision 218), the whole weeks from
 * `report_weekly_counts` and the partial first and last from the facts; and the notes written about candidates
 * who applied to them (an application created, copied or moved there). An erased candidate's moves and emails
 * still count; its notes went with the erasure (decision 193).
 */
export async function teamActivityReport(db: Db, scope: ReportScope): Promise<TeamActivityReport> {
  // Notes count for candidates in the offers: those with an entry there (report_stage_entries holds one per
  // application or move fact's application and status, decision 210), read from its (licence, status, …,
  // offer, candidate) index alone or by the offer's key, not the facts of all time.
  const applied = (alias: string) =>
    sql`${sql.raw(alias)}.candidate_id in (select e.candidate_id from report_stage_entries e
      where ${scopedSql('e', scope.caller)} and e.job_offer_id in (select id from offers))`;
  const rows = await rawRows<{
    week: string;
    user_id: number | null;
    user_name: string | null;
    moves: number;
    notes: number;
    emails: number;
  }>(
    db,
    sql`${scope.with},
      acts as (
        select nullif(k.actor_key, 0) as user_id, k.week::timestamp as week, k.kind as what, k.n from report_weekly_counts k
        where ${weeksIn(scope, 'k')} and k.kind in ('move', 'email')
        union all
        select f.actor_id, date_trunc('week', f.created_at at time zone 'UTC'), f.kind, 1 from report_facts f
        where ${factsIn(scope, 'f', "'move', 'email'", partialWeeks(scope, 'f'))}
        union all
        select n.author_id, date_trunc('week', n.created_at at time zone 'UTC'), 'note', 1 from candidate_notes n
        where ${scopedSql('n', scope.caller)} and ${applied('n')}
          and n.created_at >= ${scope.starts} and n.created_at < ${scope.ends}),
      -- Summed per user id and week first (a year's weekly rows are ~200,000 at 1M), then named: a user of
      -- another licence, or none, is one row with no user, as a deleted user's are.
      per_user as (
        select x.user_id, x.week,
          coalesce(sum(x.n) filter (where x.what = 'move'), 0) as moves,
          coalesce(sum(x.n) filter (where x.what = 'note'), 0) as notes,
          coalesce(sum(x.n) filter (where x.what = 'email'), 0) as emails
        from acts x group by 1, 2)
      select to_char(p.week, 'YYYY-MM-DD') as week, u.id as user_id,
        coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) as user_name,
        sum(p.moves)::int as moves, sum(p.notes)::int as notes, sum(p.emails)::int as emails
      from per_user p left join users u on u.id = p.user_id and ${scopedSql('u', scope.caller)}
      group by 1, u.id, 3 order by 1, 3 nulls last, u.id`,
  );
  return {
    ...period(scope),
    rows: rows.map((r) => ({
      week: r.week,
      user: r.user_id === null || r.user_name === null ? null : { id: Number(r.user_id), name: r.user_name },
      moves: Number(r.moves),
      notes: Number(r.notes),
      emails: Number(r.emails),
    })),
  };
}
