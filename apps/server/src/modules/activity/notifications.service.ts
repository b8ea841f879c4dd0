import type { Notification } from '@vivier/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { scopedSql } from '../../db/tenant-scope.ts';
import { notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import { activityUser, userNameSql } from './activity-user.ts';

type Row = {
  id: number;
  kind: Notification['kind'];
  created_at: string | Date;
  read_at: string | Date | null;
  actor_id: number | null;
  actor_name: string | null;
  candidate_id: number;
  candidate_name: string;
  note_id: number | null;
  job_offer_id: number | null;
  job_offer_name: string | null;
  interview_id: number | null;
  interview_starts_at: string | Date | null;
  interview_answer: 'accepted' | 'declined' | 'proposed' | null;
  saved_search_id: number | null;
  saved_search_name: string | null;
  match_count: number | null;
  ss_search: string | null;
  ss_tags: string[] | null;
  ss_in_cvs: boolean | null;
  ss_source: string | null;
  ss_legal_basis: string | null;
};

/** The caller's own notifications: a user sees no one else's, of this licence or another. */
const mine = (caller: Caller) => sql`${scopedSql('x', caller)} and x.user_id = ${caller.userId}`;

async function unreadCount(db: Db, caller: Caller) {
  const [row] = await rawRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from notifications x where ${mine(caller)} and x.read_at is null`,
  );
  return Number(row?.n ?? 0);
}

/** A page of the caller's notifications, newest first, with the total and how many are unread. */
export async function listNotifications(
  db: Db,
  caller: Caller,
  page: { limit: number; offset: number; unread: boolean },
) {
  const where: SQL = page.unread ? sql`${mine(caller)} and x.read_at is null` : mine(caller);
  const [rows, [count], unread] = await Promise.all([
    rawRows<Row>(
      db,
      sql`select x.id, x.kind, x.created_at, x.read_at, x.actor_id, ${userNameSql('a')} as actor_name,
            x.candidate_id,
            coalesce(nullif(trim(coalesce(c.manual_data->>'firstName', c.first_name, '') || ' ' ||
              coalesce(c.manual_data->>'lastName', c.last_name, '')), ''), '#' || c.id) as candidate_name,
            x.note_id, o.id as job_offer_id, o.name as job_offer_name,
            i.id as interview_id, i.starts_at as interview_starts_at, i.answer as interview_answer,
            ss.id as saved_search_id, ss.name as saved_search_name, x.match_count, ss.search as ss_search,
            ss.tags as ss_tags, ss.in_cvs as ss_in_cvs, ss.source as ss_source, ss.legal_basis as ss_legal_basis
          from notifications x
          join candidates c on c.id = x.candidate_id
          left join users a on a.id = x.actor_id
          -- An application's offer (kind 'application'); the licence repeated so no join can leave it.
          left join job_applications ja on ja.id = x.job_application_id and ja.licence_id = x.licence_id
          left join job_offers o on o.id = ja.job_offer_id and o.licence_id = x.licence_id
          -- The interview the candidate answered (kind 'interview_answer', issue 27).
          left join interviews i on i.id = x.interview_id and i.licence_id = x.licence_id
          -- The saved search whose alert it is (kind 'saved_search', issue 28).
          left join saved_searches ss on ss.id = x.saved_search_id and ss.licence_id = x.licence_id
          where ${where}
          order by x.id desc nulls last limit ${page.limit} offset ${page.offset}`,
    ),
    rawRows<{ n: number }>(db, sql`select count(*)::int as n from notifications x where ${where}`),
    unreadCount(db, caller),
  ]);
  return {
    data: rows.map(
      (row): Notification => ({
        id: Number(row.id),
        kind: row.kind,
        created_at: new Date(row.created_at).toISOString(),
        read_at: row.read_at === null ? null : new Date(row.read_at).toISOString(),
        actor: activityUser(row.actor_id, row.actor_name),
        candidate: { id: Number(row.candidate_id), name: row.candidate_name },
        note_id: row.note_id === null ? null : Number(row.note_id),
        job_offer:
          row.job_offer_id === null || row.job_offer_name === null
            ? null
            : { id: Number(row.job_offer_id), name: row.job_offer_name },
        interview:
          row.interview_id === null || row.interview_starts_at === null || row.interview_answer === null
            ? null
            : {
                id: Number(row.interview_id),
                starts_at: new Date(row.interview_starts_at).toISOString(),
                answer: row.interview_answer,
              },
        saved_search:
          row.saved_search_id === null || row.saved_search_name === null
            ? null
            : {
                id: Number(row.saved_search_id),
                name: row.saved_search_name,
                count: Number(row.match_count ?? 1),
                query: {
                  search: row.ss_search ?? '',
                  tags: row.ss_tags ?? [],
                  in_cvs: row.ss_in_cvs === true,
                  source: row.ss_source ?? '',
                  legal_basis: row.ss_legal_basis ?? '',
                },
              },
      }),
    ),
    total_count: Number(count?.n ?? 0),
    unread_count: unread,
  };
}

/** Marks one of the caller's notifications read (404 for anyone else's); answers the unread count. */
export async function markNotificationRead(db: Db, caller: Caller, id: number) {
  const rows = await rawRows<{ id: number }>(
    db,
    sql`update notifications x set read_at = coalesce(x.read_at, now())
        where ${mine(caller)} and x.id = ${id} returning x.id`,
  );
  if (rows.length === 0) throw notFound('Notification');
  return { updated: 1, unread_count: await unreadCount(db, caller) };
}

/** Marks every unread notification of the caller read. */
export async function markAllNotificationsRead(db: Db, caller: Caller) {
  const rows = await rawRows<{ id: number }>(
    db,
    sql`update notifications x set read_at = now() where ${mine(caller)} and x.read_at is null returning x.id`,
  );
  return { updated: rows.length, unread_count: 0 };
}
