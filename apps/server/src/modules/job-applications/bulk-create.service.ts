import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { jobApplications, statuses } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import { idsSql, recordApplicationEvents } from '../activity/activity.service.ts';
import { lockCandidates } from '../candidates/candidate-lock.ts';
import { touchCandidates } from '../candidates/candidates.queries.ts';
import { assertCanEditJobOffer } from '../job-offers/job-offer.policy.ts';
import { findJobOfferAccess } from '../job-offers/job-offers.queries.ts';

const invalidReference = (what: string) => new AppError('invalid_reference', `${what} not found`);

export type BulkCreate = { jobOfferId: number; statusId: number; candidateIds: number[] };

/**
 * Puts candidates into a job offer at a status (SPEC section 4, "Add-to-job-offer flow"), in one transaction:
 * the offer must be one the caller sees (404) and may change (403), the status and every candidate the
 * licence's (422, nothing written). Candidates already in the offer are skipped and answered as duplicates;
 * a concurrent request adding the same candidate cannot make a second application (unique index, ON
 * CONFLICT DO NOTHING). The added candidates move to the top of candidate lists (touched).
 */
export async function bulkCreateApplications(db: Db, caller: Caller, input: BulkCreate) {
  const offer = await findJobOfferAccess(db, caller, input.jobOfferId);
  if (!offer) throw notFound('Job offer');
  assertCanEditJobOffer(caller, offer);
  const candidateIds = [...new Set(input.candidateIds)];
  const licenceId = caller.licenceId;
  return db.transaction(async (tx) => {
    const [status] = await tx
      .select({ id: statuses.id })
      .from(statuses)
      .where(and(scoped(statuses, licenceId), eq(statuses.id, input.statusId)));
    if (!status) throw invalidReference('Status');
    // Locked, by id, before their applications are written (the lock order of candidate-lock.ts).
    const known = new Set(await lockCandidates(tx, licenceId, candidateIds));
    const missing = candidateIds.find((id) => !known.has(id));
    if (missing !== undefined) throw invalidReference(`Candidate ${missing}`);

    const inserted = await tx
      .insert(jobApplications)
      .values(
        candidateIds.map((candidateId) => ({
          licenceId,
          candidateId,
          jobOfferId: input.jobOfferId,
          statusId: input.statusId,
        })),
      )
      .onConflictDoNothing({ target: [jobApplications.jobOfferId, jobApplications.candidateId] })
      .returning({ id: jobApplications.id, candidateId: jobApplications.candidateId });
    const added = new Set(inserted.map((row) => row.candidateId));
    await touchCandidates(tx, licenceId, [...added]);
    await recordApplicationEvents(
      tx,
      licenceId,
      'application_created',
      caller.userId,
      idsSql(inserted.map((row) => row.id)),
    );
    return {
      created: added.size,
      duplicates: candidateIds.filter((id) => !added.has(id)).sort((a, b) => a - b),
    };
  });
}
