import type { CandidateEvent, CandidateEventKind } from '@vivier/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { scopedSql } from '../../db/tenant-scope.ts';
import type { Caller } from '../../http/caller.ts';
import { activityUser, userNameSql } from './activity-user.ts';

export type TimelineRequest = {
  before?: number | undefined;
  kinds: CandidateEventKind[];
  jobApplicationId?: number | undefined;
  perPage: number;
};

type EventRow = {
  id: number;
  kind: CandidateEventKind;
  created_at: string | Date;
  actor_id: number | null;
  actor_name: string | null;
  job_application_id: number | null;
  job_offer_id: number | null;
  data: Record<string, unknown>;
};

/**
 * Events about an offer the caller may not see (an opaque licence, SPEC section 6) are left out for users;
 * admins see every offer. The offer row is looked up only for events that name one.
 */
function visibleOfferCondition(caller: Caller): SQL {
  if (caller.role === 'admin') return sql`true`;
  return sql`(e.job_offer_id is null or coalesce((select s.value from settings s
      where ${scopedSql('s', caller)} and s.name = 'transparency'), '') <> 'opaque'
    or exists (select 1 from job_offers o where ${scopedSql('o', caller)} and o.id = e.job_offer_id
      and (o.user_id = ${caller.userId}
        or exists (select 1 from job_offer_assigned_users a where a.job_offer_id = o.id and a.user_id = ${caller.userId}))))`;
}

/**
 * A page of a candidate's timeline, newest first (keyset on the event id: `before`, the index
 * `candidate_events_candidate_idx` or, for one application, `candidate_events_application_idx`), with the
 * actor's name. Reads one row past the page to know whether another follows.
 */
export async function candidateTimeline(
  db: Db,
  caller: Caller,
  candidateId: number,
  request: TimelineRequest,
) {
  const conditions: SQL[] = [scopedSql('e', caller), sql`e.candidate_id = ${candidateId}`];
  if (request.before !== undefined) conditions.push(sql`e.id < ${request.before}`);
  if (request.kinds.length > 0) {
    conditions.push(
      sql`e.kind in (${sql.join(
        request.kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    );
  }
  if (request.jobApplicationId !== undefined) {
    conditions.push(sql`e.job_application_id = ${request.jobApplicationId}`);
  }
  conditions.push(visibleOfferCondition(caller));
  const rows = await rawRows<EventRow>(
    db,
    sql`select e.id, e.kind, e.created_at, e.actor_id, ${userNameSql('u')} as actor_name,
          e.job_application_id, e.job_offer_id, e.data
        from candidate_events e
        left join users u on u.id = e.actor_id and ${scopedSql('u', caller)}
        where ${sql.join(conditions, sql` and `)}
        -- nulls last, the index's order (id is never null): plain 'desc' means nulls first, which the index
        -- cannot give, and PostgreSQL scanned the whole table backwards instead (decision 182's benchmark)
        order by e.id desc nulls last
        limit ${request.perPage + 1}`,
  );
  const page = rows.slice(0, request.perPage);
  const last = page.at(-1);
  return {
    data: page.map(presentEvent),
    next_before: rows.length > request.perPage && last ? Number(last.id) : null,
  };
}

function presentEvent(row: EventRow): CandidateEvent {
  return {
    id: Number(row.id),
    kind: row.kind,
    created_at: new Date(row.created_at).toISOString(),
    actor: activityUser(row.actor_id, row.actor_name),
    job_application_id: row.job_application_id === null ? null : Number(row.job_application_id),
    job_offer_id: row.job_offer_id === null ? null : Number(row.job_offer_id),
    data: typeof row.data === 'string' ? JSON.parse(row.data) : row.data,
  };
}
