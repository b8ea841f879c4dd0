import type { PrivacyRequest } from '@vivier/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { scopedSql } from '../../db/tenant-scope.ts';

type RequestRow = {
  id: number;
  kind: PrivacyRequest['kind'];
  state: PrivacyRequest['state'];
  candidate_id: number | null;
  candidate_name: string | null;
  job_offer_id: number | null;
  requested_at: string | Date;
  confirmed_at: string | Date | null;
  due_at: string | Date | null;
  overdue: boolean;
  done_at: string | Date | null;
  done_by: number | null;
  done_by_name: string | null;
};

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** A row as the API answers it (contract `PrivacyRequest`): an explicit field list. */
export const presentPrivacyRequest = (row: RequestRow): PrivacyRequest => ({
  id: Number(row.id),
  kind: row.kind,
  state: row.state,
  candidate:
    row.candidate_id === null
      ? null
      : {
          id: Number(row.candidate_id),
          name: row.candidate_name ?? `#${row.candidate_id}`,
          job_offer_id: row.job_offer_id === null ? null : Number(row.job_offer_id),
        },
  requested_at: new Date(row.requested_at).toISOString(),
  confirmed_at: iso(row.confirmed_at),
  due_at: iso(row.due_at),
  overdue: Boolean(row.overdue),
  done_at: iso(row.done_at),
  done_by:
    row.done_by === null ? null : { id: Number(row.done_by), name: row.done_by_name ?? `#${row.done_by}` },
});

const SELECT = sql`select r.id, r.kind, r.state, r.candidate_id,
    nullif(trim(coalesce(c.manual_data->>'firstName', c.first_name, '') || ' ' ||
      coalesce(c.manual_data->>'lastName', c.last_name, '')), '') as candidate_name,
    (select ja.job_offer_id from job_applications ja
      where ja.candidate_id = r.candidate_id and ja.licence_id = r.licence_id
      order by ja.id desc limit 1) as job_offer_id,
    r.requested_at, r.confirmed_at, r.due_at, (r.state = 'open' and r.due_at < now()) as overdue,
    r.done_at, r.done_by, nullif(trim(u.first_name || ' ' || u.last_name), '') as done_by_name
  from privacy_requests r
  left join candidates c on c.id = r.candidate_id
  left join users u on u.id = r.done_by`;

/** At most this many done requests are listed (the newest): the open ones are all listed. */
const DONE_LIMIT = 100;

/**
 * The licence's confirmed requests: the open ones by deadline (the most urgent first), or the last done ones.
 * Unconfirmed requests are nobody's work yet and are not listed.
 */
export async function listPrivacyRequests(db: Db, licenceId: number, state: 'open' | 'done') {
  const rows = await rawRows<RequestRow>(
    db,
    state === 'open'
      ? sql`${SELECT} where ${scopedSql('r', licenceId)} and r.state = 'open' order by r.due_at, r.id`
      : sql`${SELECT} where ${scopedSql('r', licenceId)} and r.state = 'done'
            order by r.done_at desc, r.id desc limit ${DONE_LIMIT}`,
  );
  return rows.map(presentPrivacyRequest);
}

/** One confirmed request of the licence. */
export async function findPrivacyRequest(db: Db, licenceId: number, id: number) {
  const [row] = await rawRows<RequestRow>(
    db,
    sql`${SELECT} where ${scopedSql('r', licenceId)} and r.id = ${id} and r.state <> 'unconfirmed'`,
  );
  return row ? presentPrivacyRequest(row) : undefined;
}
