import { randomUUID } from 'node:crypto';
import type { InterviewInput } from '@vivier/contract';
import { wallClockToInstant } from '@vivier/contract/zoned-time';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rawRows } from '../../db/raw-rows.ts';
import {
  emailTemplates,
  interviewInterviewers,
  interviews,
  jobApplications,
  users,
} from '../../db/schema/index.ts';
import { scoped, scopedSql } from '../../db/tenant-scope.ts';
import { AppError, conflict, notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import { enqueue } from '../../jobs/queue.ts';
import { recordEvents } from '../activity/activity.service.ts';
import { editableApplication } from '../job-applications/job-applications.service.ts';
import { visibleJobOffers } from '../job-offers/job-offer.policy.ts';
import { findJobOfferAccess } from '../job-offers/job-offers.queries.ts';
import { emitWebhookEvents } from '../webhook-outbox/webhook-outbox.service.ts';
import { findInterview, selectInterviews, selectWeekInterviews } from './interviews.queries.ts';
import type { InvitationJob } from './invitation-mail.job.ts';
import type { ReminderJob } from './reminder-mail.job.ts';

type Input = {
  date: string;
  start_time: string;
  duration_minutes: number;
  time_zone: string;
  candidate_time_zone: string;
  kind: InterviewInput['kind'];
  location: string;
  interviewer_ids: number[];
  template_id?: number | null | undefined;
  remind_candidate?: boolean | undefined;
};

/** The queue's kinds a change of an interview queues, and when the reminders leave (minutes before). */
export type InterviewJobs = { invitation: InvitationJob; reminder: ReminderJob; reminderMinutes: number[] };

/** The reminders of this time, each queued for its moment; none for a moment already past. */
async function queueReminders(
  tx: Db,
  jobs: InterviewJobs,
  licenceId: number,
  interviewId: number,
  sequence: number,
  startsAt: Date,
) {
  for (const minutesBefore of jobs.reminderMinutes) {
    const runAt = new Date(startsAt.getTime() - minutesBefore * 60_000);
    if (runAt.getTime() <= Date.now()) continue;
    await enqueue(tx, jobs.reminder, { licenceId, interviewId, sequence, minutesBefore }, { runAt });
  }
}

/** The interview's application, as `editableApplication` allows it; 404 for another licence's interview. */
async function editableInterview(db: Db, caller: Caller, interviewId: number) {
  const [row] = await db
    .select({ applicationId: interviews.jobApplicationId })
    .from(interviews)
    .where(and(scoped(interviews, caller), eq(interviews.id, interviewId)));
  if (!row) throw notFound('Interview');
  try {
    return await editableApplication(db, caller, row.applicationId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') throw notFound('Interview');
    throw error;
  }
}

/** The interviewers must be users of the licence, the template one of its templates (422 otherwise). */
async function checkReferences(db: Db, licenceId: number, input: Input) {
  const ids = [...new Set(input.interviewer_ids)];
  const found = await db
    .select({ id: users.id, name: users.firstName, email: users.email })
    .from(users)
    .where(and(scoped(users, licenceId), inArray(users.id, ids)));
  if (found.length !== ids.length) throw new AppError('invalid_reference', 'Interviewer not found');
  if (input.template_id) {
    const [template] = await db
      .select({ id: emailTemplates.id })
      .from(emailTemplates)
      .where(and(scoped(emailTemplates, licenceId), eq(emailTemplates.id, input.template_id)));
    if (!template) throw new AppError('invalid_reference', 'Email template not found');
  }
  return ids;
}

const timing = (input: Input) => ({
  startsAt: wallClockToInstant(input.date, input.start_time, input.time_zone),
  durationMinutes: input.duration_minutes,
  timeZone: input.time_zone,
  candidateTimeZone: input.candidate_time_zone,
  kind: input.kind,
  location: input.location,
  templateId: input.template_id ?? null,
  remindCandidate: input.remind_candidate ?? false,
});

const eventData = (
  id: number,
  startsAt: Date,
  input: { time_zone: string; kind: string },
  offer: object | null,
) => ({
  interview_id: id,
  starts_at: startsAt.toISOString(),
  time_zone: input.time_zone,
  kind: input.kind,
  offer,
});

async function offerOf(tx: Db, licenceId: number, applicationId: number) {
  const [row] = await rawRows<{ id: number; name: string }>(
    tx,
    sql`select o.id, o.name from job_applications ja join job_offers o on o.id = ja.job_offer_id
        where ${scopedSql('ja', licenceId)} and ja.id = ${applicationId}`,
  );
  return row ? { id: Number(row.id), name: row.name } : null;
}

/**
 * Schedules an interview (issue 27): the interview, its interviewers, the timeline event and the invitation
 * mail's job, in ONE transaction; the job mails the candidate and each interviewer (METHOD:REQUEST, SEQUENCE 0).
 */
export async function scheduleInterview(
  db: Db,
  caller: Caller,
  applicationId: number,
  input: Input,
  jobs: InterviewJobs,
) {
  const application = await editableApplication(db, caller, applicationId);
  const interviewerIds = await checkReferences(db, caller.licenceId, input);
  const values = timing(input);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(interviews)
      .values({
        licenceId: caller.licenceId,
        jobApplicationId: application.id,
        organiserId: caller.userId,
        uid: `${randomUUID()}@vivier`,
        ...values,
      })
      .returning({ id: interviews.id });
    if (!row) throw new Error('no interview');
    await tx
      .insert(interviewInterviewers)
      .values(interviewerIds.map((userId) => ({ interviewId: row.id, userId, licenceId: caller.licenceId })));
    await recordEvents(tx, caller.licenceId, [
      {
        candidateId: application.candidateId,
        kind: 'interview_scheduled',
        actorId: caller.userId,
        jobApplicationId: application.id,
        jobOfferId: application.jobOfferId,
        data: eventData(row.id, values.startsAt, input, await offerOf(tx, caller.licenceId, application.id)),
      },
    ]);
    await emitWebhookEvents(tx, caller.licenceId, 'interview.scheduled', [row.id]);
    await enqueue(tx, jobs.invitation, {
      licenceId: caller.licenceId,
      interviewId: row.id,
      sequence: 0,
      removed: [],
    });
    await queueReminders(tx, jobs, caller.licenceId, row.id, 0, values.startsAt);
    return row.id;
  });
  const row = await findInterview(db, caller, id);
  if (!row) throw notFound('Interview');
  return row;
}

/** The interview row locked for a change; a cancelled one changes no more (409). */
async function lockInterview(tx: Db, licenceId: number, interviewId: number) {
  const [row] = await rawRows<{ id: number; sequence: number; state: string; job_application_id: number }>(
    tx,
    sql`select id, sequence, state, job_application_id from interviews
        where ${scopedSql(undefined, licenceId)} and id = ${interviewId} for update`,
  );
  if (!row) throw notFound('Interview');
  if (row.state === 'cancelled') throw conflict('This interview was cancelled');
  return { ...row, sequence: Number(row.sequence) };
}

/**
 * Reschedules (any field): SEQUENCE + 1 under the row's lock, so parallel changes each get their own number
 * and the last one wins in calendars; the candidate's earlier answer is cleared (a new time asks again);
 * interviewers left out are mailed a cancellation.
 */
export async function rescheduleInterview(
  db: Db,
  caller: Caller,
  interviewId: number,
  input: Input,
  jobs: InterviewJobs,
) {
  const application = await editableInterview(db, caller, interviewId);
  const interviewerIds = await checkReferences(db, caller.licenceId, input);
  const values = timing(input);
  const row = await db.transaction(async (tx) => {
    const locked = await lockInterview(tx, caller.licenceId, interviewId);
    const sequence = locked.sequence + 1;
    await tx
      .update(interviews)
      .set({ ...values, sequence, answer: null, answerNote: null, answeredAt: null, updatedAt: new Date() })
      .where(and(scoped(interviews, caller), eq(interviews.id, interviewId)));
    const removed = await rawRows<{ name: string; email: string }>(
      tx,
      sql`delete from interview_interviewers ii using users u
          where ${scopedSql('ii', caller)} and ii.interview_id = ${interviewId} and u.id = ii.user_id
            and not (ii.user_id = any(${`{${interviewerIds.join(',')}}`}::int[]))
          returning coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) as name, u.email`,
    );
    await tx
      .insert(interviewInterviewers)
      .values(interviewerIds.map((userId) => ({ interviewId, userId, licenceId: caller.licenceId })))
      .onConflictDoNothing();
    await recordEvents(tx, caller.licenceId, [
      {
        candidateId: application.candidateId,
        kind: 'interview_rescheduled',
        actorId: caller.userId,
        jobApplicationId: application.id,
        jobOfferId: application.jobOfferId,
        data: eventData(
          interviewId,
          values.startsAt,
          input,
          await offerOf(tx, caller.licenceId, application.id),
        ),
      },
    ]);
    await enqueue(tx, jobs.invitation, {
      licenceId: caller.licenceId,
      interviewId,
      sequence,
      removed: removed.map((r) => ({ name: r.name, email: r.email })),
    });
    await queueReminders(tx, jobs, caller.licenceId, interviewId, sequence, values.startsAt);
    // Read in the transaction: the answer tells of this change, whatever a parallel one did next.
    return findInterview(tx, caller, interviewId);
  });
  if (!row) throw notFound('Interview');
  return row;
}

/** Cancels: state cancelled, SEQUENCE + 1, METHOD:CANCEL mailed to everyone invited. */
export async function cancelInterview(db: Db, caller: Caller, interviewId: number, jobs: InterviewJobs) {
  const application = await editableInterview(db, caller, interviewId);
  const row = await db.transaction(async (tx) => {
    const locked = await lockInterview(tx, caller.licenceId, interviewId);
    const sequence = locked.sequence + 1;
    const [updated] = await tx
      .update(interviews)
      .set({ state: 'cancelled', sequence, updatedAt: new Date() })
      .where(and(scoped(interviews, caller), eq(interviews.id, interviewId)))
      .returning({ startsAt: interviews.startsAt, timeZone: interviews.timeZone, kind: interviews.kind });
    if (!updated) throw notFound('Interview');
    await recordEvents(tx, caller.licenceId, [
      {
        candidateId: application.candidateId,
        kind: 'interview_cancelled',
        actorId: caller.userId,
        jobApplicationId: application.id,
        jobOfferId: application.jobOfferId,
        data: eventData(
          interviewId,
          updated.startsAt,
          { time_zone: updated.timeZone, kind: updated.kind },
          await offerOf(tx, caller.licenceId, application.id),
        ),
      },
    ]);
    await enqueue(tx, jobs.invitation, { licenceId: caller.licenceId, interviewId, sequence, removed: [] });
    return findInterview(tx, caller, interviewId);
  });
  if (!row) throw notFound('Interview');
  return row;
}

/** An application's interviews, by start time; 404 for an application the caller does not see. */
export async function applicationInterviews(db: Db, caller: Caller, applicationId: number) {
  const [application] = await db
    .select({ jobOfferId: jobApplications.jobOfferId })
    .from(jobApplications)
    .where(and(scoped(jobApplications, caller), eq(jobApplications.id, applicationId)));
  if (!application || !(await findJobOfferAccess(db, caller, application.jobOfferId))) {
    throw notFound('Job application');
  }
  return selectInterviews(db, caller, sql`i.job_application_id = ${applicationId}`);
}

/**
 * The week view (issue 27): the licence's interviews starting in `[from, to)` on offers the caller sees, or
 * with `mine` those the caller interviews at; ONE statement on `interviews_licence_starts_idx`.
 */
export function weekInterviews(db: Db, caller: Caller, query: { from: string; to: string; mine: boolean }) {
  const visible = visibleJobOffers(caller);
  return selectWeekInterviews(
    db,
    caller,
    sql`i.starts_at >= ${new Date(query.from).toISOString()}::timestamptz
        and i.starts_at < ${new Date(query.to).toISOString()}::timestamptz
        ${visible ? sql`and ${visible}` : sql``}
        ${
          query.mine
            ? sql`and exists (select 1 from interview_interviewers m
                              where m.interview_id = i.id and m.user_id = ${caller.userId})`
            : sql``
        }`,
  );
}
