import type {
  InterviewScorecards,
  Scorecard,
  ScorecardCriteriaInput,
  ScorecardInput,
} from '@vivier/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { interviews, jobApplications, scorecardCriteria, scorecards } from '../../db/schema/index.ts';
import { scoped, scopedSql } from '../../db/tenant-scope.ts';
import { AppError, conflict, forbidden, notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import { recordEvents } from '../activity/activity.service.ts';
import { activityUser, userNameSql } from '../activity/activity-user.ts';
import { findJobOfferAccess } from '../job-offers/job-offers.queries.ts';

/** An interview of the caller's licence on an offer the caller sees; 404 otherwise. */
async function visibleInterview(db: Db, caller: Caller, interviewId: number) {
  const [row] = await db
    .select({
      id: interviews.id,
      state: interviews.state,
      applicationId: jobApplications.id,
      candidateId: jobApplications.candidateId,
      jobOfferId: jobApplications.jobOfferId,
    })
    .from(interviews)
    .innerJoin(jobApplications, eq(jobApplications.id, interviews.jobApplicationId))
    .where(and(scoped(interviews, caller), eq(interviews.id, interviewId)));
  if (!row || !(await findJobOfferAccess(db, caller, row.jobOfferId))) throw notFound('Interview');
  return row;
}

/** A job offer's criteria, in order; 404 for an offer the caller does not see. */
export async function listCriteria(db: Db, caller: Caller, jobOfferId: number) {
  if (!(await findJobOfferAccess(db, caller, jobOfferId))) throw notFound('Job offer');
  return criteriaOf(db, caller.licenceId, jobOfferId);
}

function criteriaOf(db: Db, licenceId: number, jobOfferId: number) {
  return db
    .select({ id: scorecardCriteria.id, name: scorecardCriteria.name })
    .from(scorecardCriteria)
    .where(and(scoped(scorecardCriteria, licenceId), eq(scorecardCriteria.jobOfferId, jobOfferId)))
    .orderBy(asc(scorecardCriteria.position), asc(scorecardCriteria.id));
}

/**
 * Replaces an offer's criteria (admins, 403 otherwise): an entry with an existing id renames it, the rest are
 * added, those left out removed; scorecards keep the names they were rated under. One transaction.
 */
export async function saveCriteria(
  db: Db,
  caller: Caller,
  jobOfferId: number,
  input: ScorecardCriteriaInput,
) {
  if (!(await findJobOfferAccess(db, caller, jobOfferId))) throw notFound('Job offer');
  if (caller.role !== 'admin') throw forbidden('Only admins define scorecard criteria');
  await db.transaction(async (tx) => {
    const existing = new Set((await criteriaOf(tx, caller.licenceId, jobOfferId)).map((c) => c.id));
    const kept = input.criteria.flatMap((c) => (c.id !== undefined && existing.has(c.id) ? [c.id] : []));
    await tx.execute(
      sql`delete from scorecard_criteria where ${scopedSql(undefined, caller)} and job_offer_id = ${jobOfferId}
          and not (id = any(${`{${kept.join(',')}}`}::int[]))`,
    );
    for (const [position, c] of input.criteria.entries()) {
      if (c.id !== undefined && existing.has(c.id)) {
        await tx
          .update(scorecardCriteria)
          .set({ name: c.name, position })
          .where(and(scoped(scorecardCriteria, caller), eq(scorecardCriteria.id, c.id)));
      } else {
        await tx
          .insert(scorecardCriteria)
          .values({ licenceId: caller.licenceId, jobOfferId, name: c.name, position });
      }
    }
  });
  return criteriaOf(db, caller.licenceId, jobOfferId);
}

type CardRow = {
  id: number;
  user_id: number | null;
  user_name: string | null;
  rating: number;
  criteria: Scorecard['criteria'] | string;
  notes: string;
  submitted_at: string | Date;
};

const presentCard = (row: CardRow): Scorecard => ({
  id: Number(row.id),
  interviewer: activityUser(row.user_id, row.user_name),
  rating: Number(row.rating),
  criteria: typeof row.criteria === 'string' ? JSON.parse(row.criteria) : row.criteria,
  notes: row.notes,
  submitted_at: new Date(row.submitted_at).toISOString(),
});

/**
 * An interview's scorecards as the caller may see them: their own, and the others' only once their own is in
 * (an interviewer is not swayed by the others' before rating) or when they are no interviewer of it.
 */
export async function interviewScorecards(
  db: Db,
  caller: Caller,
  interviewId: number,
): Promise<InterviewScorecards> {
  const interview = await visibleInterview(db, caller, interviewId);
  const [cards, interviewers, criteria] = await Promise.all([
    rawRows<CardRow>(
      db,
      sql`select s.id, s.user_id, ${userNameSql('u')} as user_name, s.rating, s.criteria, s.notes, s.submitted_at
          from scorecards s left join users u on u.id = s.user_id
          where ${scopedSql('s', caller)} and s.interview_id = ${interviewId} order by s.submitted_at, s.id`,
    ),
    rawRows<{ user_id: number }>(
      db,
      sql`select user_id from interview_interviewers ii
          where ${scopedSql('ii', caller)} and ii.interview_id = ${interviewId}`,
    ),
    criteriaOf(db, caller.licenceId, interview.jobOfferId),
  ]);
  const mine = cards.find((c) => Number(c.user_id) === caller.userId);
  const isInterviewer = interviewers.some((i) => Number(i.user_id) === caller.userId);
  const others = cards.filter((c) => c !== mine);
  const open = mine !== undefined || !isInterviewer;
  const ratings = [1, 2, 3, 4].map((r) => cards.filter((c) => Number(c.rating) === r).length);
  return {
    criteria,
    mine: mine ? presentCard(mine) : null,
    is_interviewer: isInterviewer,
    others: open ? others.map(presentCard) : [],
    hidden: open ? 0 : others.length,
    summary: { count: cards.length, ratings },
  };
}

/**
 * Submits the caller's scorecard (an interviewer of the interview, else 403; a cancelled one takes none, 409);
 * sent again it replaces the caller's own. The criteria must be the offer's (422). ONE transaction with its
 * timeline event.
 */
export async function submitScorecard(db: Db, caller: Caller, interviewId: number, input: ScorecardInput) {
  const interview = await visibleInterview(db, caller, interviewId);
  const [interviewer] = await rawRows<{ user_id: number }>(
    db,
    sql`select user_id from interview_interviewers ii
        where ${scopedSql('ii', caller)} and ii.interview_id = ${interviewId} and ii.user_id = ${caller.userId}`,
  );
  if (!interviewer) throw forbidden('Only the interviewers of this interview submit scorecards');
  if (interview.state === 'cancelled') throw conflict('This interview was cancelled');
  const criteria = new Map(
    (await criteriaOf(db, caller.licenceId, interview.jobOfferId)).map((c) => [c.id, c.name]),
  );
  const rated = input.criteria.map((c) => {
    const name = criteria.get(c.criterion_id);
    if (name === undefined) throw new AppError('invalid_reference', 'Scorecard criterion not found');
    return { criterion_id: c.criterion_id, name, rating: c.rating };
  });
  await db.transaction(async (tx) => {
    await tx
      .insert(scorecards)
      .values({
        licenceId: caller.licenceId,
        interviewId,
        userId: caller.userId,
        rating: input.rating,
        criteria: rated,
        notes: input.notes,
      })
      .onConflictDoUpdate({
        target: [scorecards.interviewId, scorecards.userId],
        set: { rating: input.rating, criteria: rated, notes: input.notes, submittedAt: new Date() },
      });
    await recordEvents(tx, caller.licenceId, [
      {
        candidateId: interview.candidateId,
        kind: 'scorecard_submitted',
        actorId: caller.userId,
        jobApplicationId: interview.applicationId,
        jobOfferId: interview.jobOfferId,
        data: { interview_id: interviewId, rating: input.rating },
      },
    ]);
  });
  return interviewScorecards(db, caller, interviewId);
}
