import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { jobApplications, statuses } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import { lockCandidates } from '../candidates/candidate-lock.ts';
import { touchCandidates } from '../candidates/candidates.queries.ts';
import { assertCanEditJobOffer } from '../job-offers/job-offer.policy.ts';
import { findJobOfferAccess } from '../job-offers/job-offers.queries.ts';

/** A body or filter naming a status the licence does not have: the request is fine, its reference is not. */
const statusNotFound = () => new AppError(422, 'invalid_reference', 'Status not found');

/** The status must be one of the caller's licence (SPEC section 4: "any pipeline status"). */
async function assertStatusOfLicence(db: Db, licenceId: number, statusId: number) {
  const [status] = await db
    .select({ id: statuses.id })
    .from(statuses)
    .where(and(eq(statuses.licenceId, licenceId), eq(statuses.id, statusId)));
  if (!status) throw statusNotFound();
}

/**
 * A job offer the caller sees (else 404) and may change (else 403): application writes follow the offer's
 * rule (docs/decisions/020-job-offer-permissions.md).
 */
export async function editableJobOffer(db: Db, caller: Caller, jobOfferId: number) {
  const offer = await findJobOfferAccess(db, caller, jobOfferId);
  if (!offer) throw notFound('Job offer');
  assertCanEditJobOffer(caller, offer);
  return offer;
}

/** An application of the caller's licence whose offer the caller may change; 404 / 403 otherwise. */
async function editableApplication(db: Db, caller: Caller, applicationId: number) {
  const [application] = await db
    .select({
      id: jobApplications.id,
      jobOfferId: jobApplications.jobOfferId,
      candidateId: jobApplications.candidateId,
    })
    .from(jobApplications)
    .where(and(eq(jobApplications.licenceId, caller.licenceId), eq(jobApplications.id, applicationId)));
  if (!application) throw notFound('Job application');
  const offer = await findJobOfferAccess(db, caller, application.jobOfferId);
  // An application of a hidden offer is as absent as the offer.
  if (!offer) throw notFound('Job application');
  assertCanEditJobOffer(caller, offer);
  return application;
}

/**
 * Moves one application to a status of the licence (SPEC section 4, the status switcher), and bumps its
 * candidate's `updated_at` in the same transaction: a move is news about the candidate.
 */
export async function moveJobApplication(db: Db, caller: Caller, applicationId: number, statusId: number) {
  const application = await editableApplication(db, caller, applicationId);
  await assertStatusOfLicence(db, caller.licenceId, statusId);
  await db.transaction(async (tx) => {
    // The candidate first, then its application (the lock order of candidate-lock.ts).
    await lockCandidates(tx, caller.licenceId, [application.candidateId]);
    const moved = await tx
      .update(jobApplications)
      .set({ statusId, updatedAt: sql`now()` })
      .where(and(eq(jobApplications.licenceId, caller.licenceId), eq(jobApplications.id, applicationId)))
      .returning({ id: jobApplications.id });
    // Deleted by someone else meanwhile.
    if (moved.length === 0) throw notFound('Job application');
    await touchCandidates(tx, caller.licenceId, [application.candidateId]);
  });
}

/** Takes a candidate out of a job offer (SPEC section 4); the candidate stays in the database. */
export async function deleteJobApplication(db: Db, caller: Caller, applicationId: number) {
  const application = await editableApplication(db, caller, applicationId);
  await db.transaction(async (tx) => {
    await lockCandidates(tx, caller.licenceId, [application.candidateId]);
    const deleted = await tx
      .delete(jobApplications)
      .where(and(eq(jobApplications.licenceId, caller.licenceId), eq(jobApplications.id, applicationId)))
      .returning({ id: jobApplications.id });
    if (deleted.length === 0) throw notFound('Job application');
    await touchCandidates(tx, caller.licenceId, [application.candidateId]);
  });
}

/**
 * Moves every application of an offer (those in `fromStatusId` when given) to `statusId` (SPEC section 4,
 * "Bulk update"), in one transaction of two statements: the candidates concerned are locked first, by id (the
 * lock order of candidate-lock.ts, so a bulk move never deadlocks with another write to the same candidates),
 * then the applications' UPDATE and their candidates' `updated_at` bump (with its copy on their applications, as
 * `touchCandidates` does) run as data-modifying CTEs of one statement: either every row moves or none does, and
 * 10,000 rows move in two round trips. Answers how many moved; those already in `statusId` are left alone.
 */
export async function moveAllJobApplications(
  db: Db,
  caller: Caller,
  jobOfferId: number,
  statusId: number,
  fromStatusId: number | undefined,
) {
  await editableJobOffer(db, caller, jobOfferId);
  await assertStatusOfLicence(db, caller.licenceId, statusId);
  if (fromStatusId !== undefined) await assertStatusOfLicence(db, caller.licenceId, fromStatusId);
  const from = fromStatusId === undefined ? sql`` : sql`and ja.status_id = ${fromStatusId}`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      select count(*) from (
        select c.id from candidates c
        where c.licence_id = ${caller.licenceId} and c.id in (
          select ja.candidate_id from job_applications ja
          where ja.licence_id = ${caller.licenceId} and ja.job_offer_id = ${jobOfferId} ${from}
            and ja.status_id is distinct from ${statusId})
        order by c.id for no key update of c
      ) locked
    `);
    // The moved rows get their candidate's new time as they move; the candidates' applications in other
    // offers get it in a third step (a row may change only once per statement).
    const result: unknown = await tx.execute(sql`
      with moved as (
        update job_applications ja set status_id = ${statusId}, updated_at = now(), candidate_updated_at = now()
        where ja.licence_id = ${caller.licenceId} and ja.job_offer_id = ${jobOfferId} ${from}
          and ja.status_id is distinct from ${statusId}
        returning ja.candidate_id
      ), touched as (
        update candidates c set updated_at = now()
        where c.licence_id = ${caller.licenceId} and c.id in (select candidate_id from moved)
      ), elsewhere as (
        update job_applications other set candidate_updated_at = now()
        where other.candidate_id in (select candidate_id from moved) and other.job_offer_id <> ${jobOfferId}
      )
      select count(*)::int as n from moved
    `);
    return countOf(result);
  });
}

/** The `n` of a raw statement's single row; both drivers answer `{rows}` (their types differ). */
function countOf(result: unknown): number {
  const rows = (result as { rows?: { n?: unknown }[] } | null)?.rows;
  return Number(rows?.[0]?.n ?? 0);
}
