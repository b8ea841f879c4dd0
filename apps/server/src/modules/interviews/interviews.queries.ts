import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rawRows } from '../../db/raw-rows.ts';
import type { Tenant } from '../../db/tenant-scope.ts';
import { scopedSql } from '../../db/tenant-scope.ts';
import { userNameSql } from '../activity/activity-user.ts';

/** An interview as read for its presenter and its mails: one row, with names and scorecard counts. */
export type InterviewRow = {
  id: number;
  licence_id: number;
  job_application_id: number;
  candidate_id: number;
  candidate_name: string;
  candidate_email: string | null;
  job_offer_id: number;
  job_offer_name: string;
  organisation: string;
  starts_at: string | Date;
  duration_minutes: number;
  time_zone: string;
  candidate_time_zone: string;
  kind: 'on_site' | 'phone' | 'video';
  location: string;
  template_id: number | null;
  remind_candidate: boolean;
  organiser_id: number | null;
  organiser_name: string | null;
  organiser_email: string | null;
  uid: string;
  sequence: number;
  state: 'scheduled' | 'cancelled';
  answer: 'accepted' | 'declined' | 'proposed' | null;
  answer_note: string | null;
  answered_at: string | Date | null;
  interviewers: { id: number; name: string; email: string }[] | string;
  ratings: number[] | string;
};

/**
 * Interviews of a licence that `where` selects (a condition on `i`, the interview, `ja`, its application,
 * and `job_offers`, its offer), in ONE statement: candidate and offer names, the candidate's primary email,
 * organiser, interviewers (name and email) and the count of scorecards per rating.
 */
export function selectInterviews(db: Db, tenant: Tenant, where: SQL, limit = 1000) {
  return rawRows<InterviewRow>(
    db,
    sql`select i.id, i.licence_id, i.job_application_id, ja.candidate_id,
          coalesce(nullif(trim(coalesce(c.manual_data->>'firstName', c.first_name, '') || ' ' ||
            coalesce(c.manual_data->>'lastName', c.last_name, '')), ''), '#' || c.id) as candidate_name,
          (select cc.value from candidate_contacts cc
            where cc.candidate_id = c.id and cc.kind = 'email' and cc.deleted_at is null
            order by cc.is_primary desc, cc.id limit 1) as candidate_email,
          job_offers.id as job_offer_id, job_offers.name as job_offer_name, l.name as organisation,
          i.starts_at, i.duration_minutes, i.time_zone, i.candidate_time_zone, i.kind, i.location,
          i.template_id, i.remind_candidate, i.organiser_id, ${userNameSql('o')} as organiser_name, o.email as organiser_email,
          i.uid, i.sequence, i.state, i.answer, i.answer_note, i.answered_at,
          coalesce((select json_agg(json_build_object('id', u.id, 'name', ${userNameSql('u')}, 'email', u.email)
                      order by u.id)
                    from interview_interviewers ii join users u on u.id = ii.user_id
                    where ii.interview_id = i.id), '[]') as interviewers,
          (select json_build_array(count(*) filter (where s.rating = 1), count(*) filter (where s.rating = 2),
                                   count(*) filter (where s.rating = 3), count(*) filter (where s.rating = 4))
             from scorecards s where s.interview_id = i.id) as ratings
        from interviews i
        join job_applications ja on ja.id = i.job_application_id
        join candidates c on c.id = ja.candidate_id
        join job_offers on job_offers.id = ja.job_offer_id
        join licences l on l.id = i.licence_id
        left join users o on o.id = i.organiser_id
        where ${scopedSql('i', tenant)} and ${where}
        order by i.starts_at, i.id
        limit ${limit}`,
  );
}

/** An interview as the week view reads it (`presentWeekInterview`): names, times, kind, state, answer. */
export type WeekInterviewRow = Pick<
  InterviewRow,
  | 'id'
  | 'job_application_id'
  | 'candidate_id'
  | 'candidate_name'
  | 'job_offer_id'
  | 'job_offer_name'
  | 'starts_at'
  | 'duration_minutes'
  | 'kind'
  | 'state'
  | 'answer'
  | 'answer_note'
  | 'answered_at'
> & { interviewers: { id: number; name: string }[] | string };

/**
 * The week view's interviews (decision 202's addendum): the licence's interviews in a window that `where`
 * selects further (a condition on `i`, `ja` and `job_offers`, as for selectInterviews), in ONE statement and
 * without a subquery per row: the window's interviews first (the `(licence_id, starts_at)` index), then their
 * interviewers' names aggregated once for all of them (the interviewers' primary key) and joined back. No email,
 * no organiser, no scorecards: the screen shows none of them.
 */
export function selectWeekInterviews(db: Db, tenant: Tenant, where: SQL, limit = 1000) {
  return rawRows<WeekInterviewRow>(
    db,
    sql`with week as materialized (
          select i.id, i.job_application_id, ja.candidate_id, job_offers.id as job_offer_id,
                 job_offers.name as job_offer_name, i.starts_at, i.duration_minutes, i.kind, i.state, i.answer,
                 i.answer_note, i.answered_at
            from interviews i
            join job_applications ja on ja.id = i.job_application_id
            join job_offers on job_offers.id = ja.job_offer_id
           where ${scopedSql('i', tenant)} and ${where}
           order by i.starts_at, i.id
           limit ${limit}
        ), names as (
          select ii.interview_id,
                 json_agg(json_build_object('id', u.id, 'name', ${userNameSql('u')}) order by u.id) as interviewers
            from interview_interviewers ii
            join users u on u.id = ii.user_id
           where ii.interview_id in (select id from week)
           group by ii.interview_id
        )
        select week.id, week.job_application_id, week.candidate_id,
               coalesce(nullif(trim(coalesce(c.manual_data->>'firstName', c.first_name, '') || ' ' ||
                 coalesce(c.manual_data->>'lastName', c.last_name, '')), ''), '#' || c.id) as candidate_name,
               week.job_offer_id, week.job_offer_name, week.starts_at, week.duration_minutes, week.kind,
               week.state, week.answer, week.answer_note, week.answered_at,
               coalesce(names.interviewers, '[]') as interviewers
          from week
          join candidates c on c.id = week.candidate_id
          left join names on names.interview_id = week.id
         order by week.starts_at, week.id`,
  );
}

/** One interview of the licence, or undefined. */
export async function findInterview(db: Db, tenant: Tenant, interviewId: number) {
  const [row] = await selectInterviews(db, tenant, sql`i.id = ${interviewId}`, 1);
  return row;
}

export const interviewersOf = (row: InterviewRow) =>
  typeof row.interviewers === 'string'
    ? (JSON.parse(row.interviewers) as { id: number; name: string; email: string }[])
    : row.interviewers;
