import type { Interview, InterviewListItem } from '@vivier/contract';
import { activityUser } from '../activity/activity-user.ts';
import { type InterviewRow, interviewersOf, type WeekInterviewRow } from './interviews.queries.ts';

const iso = (value: string | Date) => new Date(value).toISOString();

type Person = { id: number | string; name: string };

/** The fields the week view shows, as every interview shape has them (the week view's lean item). */
function listedFields(
  row: Omit<WeekInterviewRow, 'interviewers'>,
  interviewers: Person[],
): InterviewListItem {
  const startsAt = new Date(row.starts_at);
  return {
    id: Number(row.id),
    job_application_id: Number(row.job_application_id),
    candidate: { id: Number(row.candidate_id), name: row.candidate_name },
    job_offer: { id: Number(row.job_offer_id), name: row.job_offer_name },
    starts_at: startsAt.toISOString(),
    ends_at: new Date(startsAt.getTime() + row.duration_minutes * 60_000).toISOString(),
    kind: row.kind,
    interviewers: interviewers.map((u) => ({ id: Number(u.id), name: u.name })),
    state: row.state,
    answer:
      row.answer && row.answered_at
        ? { kind: row.answer, note: row.answer_note, at: iso(row.answered_at) }
        : null,
  };
}

/** The wire shape of an interview, from an explicit field list (no email address leaves here). */
export function presentInterview(row: InterviewRow): Interview {
  const ratings = (typeof row.ratings === 'string' ? JSON.parse(row.ratings) : row.ratings).map(Number);
  return {
    ...listedFields(row, interviewersOf(row)),
    duration_minutes: Number(row.duration_minutes),
    time_zone: row.time_zone,
    candidate_time_zone: row.candidate_time_zone,
    location: row.location,
    template_id: row.template_id === null ? null : Number(row.template_id),
    remind_candidate: Boolean(row.remind_candidate),
    organiser: activityUser(row.organiser_id, row.organiser_name),
    sequence: Number(row.sequence),
    scorecards: { count: ratings.reduce((a: number, b: number) => a + b, 0), ratings },
  };
}

/** The week view's shape of an interview: the same fields as presentInterview's, only those the screen shows. */
export function presentWeekInterview(row: WeekInterviewRow): InterviewListItem {
  const interviewers: Person[] =
    typeof row.interviewers === 'string' ? JSON.parse(row.interviewers) : row.interviewers;
  return listedFields(row, interviewers);
}
