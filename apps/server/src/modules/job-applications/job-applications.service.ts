import type { RejectionInput } from '@vivier/contract';
import { and, eq, sql } from 'drizzle-orm';
import { changeApplicationStatuses } from '../../commands/change-application-statuses.ts';
import type { Db } from '../../db/database.ts';
import { jobApplications, statuses } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import { recordApplicationEvents, rejectionFor } from '../activity/activity.service.ts';
import { lockCandidates } from '../candidates/candidate-lock.ts';
import { touchCandidates } from '../candidates/candidates.queries.ts';
import { assertCanEditJobOffer } from '../job-offers/job-offer.policy.ts';
import { findJobOfferAccess } from '../job-offers/job-offers.queries.ts';
import { emitWebhookEvents, subscribedTypes } from '../webhook-outbox/webhook-outbox.service.ts';
import { presentJobApplication } from './job-application.presenter.ts';
import { findJobApplication } from './job-applications.queries.ts';

/** A body or filter naming a status the licence does not have: the request is fine, its reference is not. */
const statusNotFound = () => new AppError('invalid_reference', 'Status not found');

/** The status must be one of the caller's licence (SPEC section 4: "any pipeline status"). */
async function assertStatusOfLicence(db: Db, licenceId: number, statusId: number) {
  const [status] = await db
    .select({ id: statuses.id })
    .from(statuses)
    .where(and(scoped(statuses, licenceId), eq(statuses.id, statusId)));
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

/**
 * An application of the caller's licence whose offer the caller may change; 404 / 403 otherwise. Interviews
 * are scheduled on the same condition.
 */
export async function editableApplication(db: Db, caller: Caller, applicationId: number) {
  const [application] = await db
    .select({
      id: jobApplications.id,
      jobOfferId: jobApplications.jobOfferId,
      candidateId: jobApplications.candidateId,
    })
    .from(jobApplications)
    .where(and(scoped(jobApplications, caller), eq(jobApplications.id, applicationId)));
  if (!application) throw notFound('Job application');
  const offer = await findJobOfferAccess(db, caller, application.jobOfferId);
  // An application of a hidden offer is as absent as the offer.
  if (!offer) throw notFound('Job application');
  assertCanEditJobOffer(caller, offer);
  return application;
}

/**
 * Moves one application to a status of the licence (SPEC section 4, the status switcher), and bumps its
 * candidate's `updated_at` in the same transaction (`changeApplicationStatuses`): a move is news about the
 * candidate. A move to the status it already has changes nothing.
 */
export async function moveJobApplication(
  db: Db,
  caller: Caller,
  applicationId: number,
  statusId: number,
  rejectionInput?: RejectionInput,
) {
  await editableApplication(db, caller, applicationId);
  await assertStatusOfLicence(db, caller.licenceId, statusId);
  const rejection = await rejectionFor(db, caller.licenceId, statusId, rejectionInput);
  await db.transaction(async (tx) => {
    const moved = await changeApplicationStatuses(
      tx,
      caller.licenceId,
      { applicationIds: [applicationId] },
      statusId,
      { actorId: caller.userId, via: 'move', rejection },
    );
    if (moved.length > 0) return;
    // Nothing moved: already in that status, or deleted by someone else meanwhile (404).
    const [still] = await tx
      .select({ id: jobApplications.id })
      .from(jobApplications)
      .where(and(scoped(jobApplications, caller), eq(jobApplications.id, applicationId)));
    if (!still) throw notFound('Job application');
  });
}

/** Takes a candidate out of a job offer (SPEC section 4); the candidate stays in the database. */
export async function deleteJobApplication(db: Db, caller: Caller, applicationId: number) {
  const application = await editableApplication(db, caller, applicationId);
  await db.transaction(async (tx) => {
    await lockCandidates(tx, caller.licenceId, [application.candidateId]);
    // Its webhook carries the application as it was: after this transaction there is none to render.
    if ((await subscribedTypes(tx, caller.licenceId)).has('application.deleted')) {
      const last = await findJobApplication(tx, caller, applicationId);
      if (last) {
        await emitWebhookEvents(tx, caller.licenceId, 'application.deleted', [applicationId], {
          ...presentJobApplication(last, []),
        });
      }
    }
    // The event first: it reads the offer and status of the row about to go.
    await recordApplicationEvents(
      tx,
      caller.licenceId,
      'application_deleted',
      caller.userId,
      sql`${applicationId}::int`,
    );
    const deleted = await tx
      .delete(jobApplications)
      .where(and(scoped(jobApplications, caller), eq(jobApplications.id, applicationId)))
      .returning({ id: jobApplications.id });
    if (deleted.length === 0) throw notFound('Job application');
    await touchCandidates(tx, caller.licenceId, [application.candidateId]);
  });
}

/**
 * Moves every application of an offer (those in `fromStatusId` when given) to `statusId` (SPEC section 4,
 * "Bulk update") through `changeApplicationStatuses`, in one transaction: either every row moves or none does,
 * and 10,000 rows move in two round trips. Answers how many moved; those already in `statusId` are left alone.
 * `applicationIds` narrows it to a selection (issue 28); ids outside the offer or the licence match nothing.
 */
export async function moveAllJobApplications(
  db: Db,
  caller: Caller,
  jobOfferId: number,
  statusId: number,
  fromStatusId: number | undefined,
  rejectionInput?: RejectionInput,
  applicationIds?: number[],
) {
  await editableJobOffer(db, caller, jobOfferId);
  await assertStatusOfLicence(db, caller.licenceId, statusId);
  if (fromStatusId !== undefined) await assertStatusOfLicence(db, caller.licenceId, fromStatusId);
  const rejection = await rejectionFor(db, caller.licenceId, statusId, rejectionInput);
  return db.transaction(
    async (tx) =>
      (
        await changeApplicationStatuses(
          tx,
          caller.licenceId,
          {
            jobOfferId,
            ...(fromStatusId === undefined ? {} : { fromStatuses: [fromStatusId] }),
            ...(applicationIds === undefined ? {} : { applicationIds }),
          },
          statusId,
          { actorId: caller.userId, via: 'bulk', rejection },
        )
      ).length,
  );
}
