import type { InterviewAnswer } from '@vivier/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { notifications } from '../../db/schema/index.ts';
import { scopedSql } from '../../db/tenant-scope.ts';
import { recordEvents } from '../activity/activity.service.ts';
import { findInterview, interviewersOf } from './interviews.queries.ts';

/**
 * What the candidate's answer page shows (issue 27, decision 202): that interview's time and place, nothing
 * else (no interviewer's address, no other interview, no note of the team).
 */
export type PublicInterview = {
  organisation: string;
  jobOffer: string;
  startsAt: Date;
  durationMinutes: number;
  timeZone: string;
  kind: 'on_site' | 'phone' | 'video';
  location: string;
  cancelled: boolean;
  answer: InterviewAnswer | null;
};

/** The interview a valid token opened (its licence from the token), or undefined. */
export async function findPublicInterview(
  db: Db,
  licenceId: number,
  interviewId: number,
): Promise<PublicInterview | undefined> {
  const row = await findInterview(db, licenceId, interviewId);
  if (!row) return undefined;
  return {
    organisation: row.organisation,
    jobOffer: row.job_offer_name,
    startsAt: new Date(row.starts_at),
    durationMinutes: Number(row.duration_minutes),
    timeZone: row.candidate_time_zone,
    kind: row.kind,
    location: row.location,
    cancelled: row.state === 'cancelled',
    answer: row.answer,
  };
}

/**
 * Records the candidate's answer (a later one replaces it) in ONE transaction: the interview, the timeline
 * event (no actor: the candidate) and a notification to each interviewer. A cancelled interview takes none.
 */
export async function recordAnswer(
  db: Db,
  licenceId: number,
  interviewId: number,
  answer: InterviewAnswer,
  note: string | null,
): Promise<'recorded' | 'cancelled' | 'unknown'> {
  return db.transaction(async (tx) => {
    const [locked] = await rawRows<{ state: string }>(
      tx,
      sql`select state from interviews where ${scopedSql(undefined, licenceId)} and id = ${interviewId} for update`,
    );
    if (!locked) return 'unknown';
    if (locked.state === 'cancelled') return 'cancelled';
    await tx.execute(
      sql`update interviews set answer = ${answer}, answer_note = ${note}, answered_at = now(), updated_at = now()
          where ${scopedSql(undefined, licenceId)} and id = ${interviewId}`,
    );
    const row = await findInterview(tx, licenceId, interviewId);
    if (!row) return 'unknown';
    await recordEvents(tx, licenceId, [
      {
        candidateId: Number(row.candidate_id),
        kind: 'interview_answered',
        actorId: null,
        jobApplicationId: Number(row.job_application_id),
        jobOfferId: Number(row.job_offer_id),
        data: {
          interview_id: interviewId,
          starts_at: new Date(row.starts_at).toISOString(),
          time_zone: row.time_zone,
          answer,
          note,
        },
      },
    ]);
    const people = interviewersOf(row);
    if (people.length > 0) {
      await tx.insert(notifications).values(
        people.map((u) => ({
          licenceId,
          userId: Number(u.id),
          kind: 'interview_answer',
          candidateId: Number(row.candidate_id),
          jobApplicationId: Number(row.job_application_id),
          interviewId,
        })),
      );
    }
    return 'recorded';
  });
}
