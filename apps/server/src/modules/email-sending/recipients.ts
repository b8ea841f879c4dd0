import { PREVIEW_MAX } from '@vivier/contract';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { jobApplications } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { AppError } from '../../http/app-error.ts';
import { presentCandidate } from '../candidates/candidate.presenter.ts';
import { findCandidates } from '../candidates/candidates.queries.ts';

/** Who receives a message: explicit candidates of the offer, or all of them (optionally of one status). */
export type RecipientSelection = { candidateIds?: number[]; statusId?: number };

/** A candidate of the offer with what composing and recording a message need. */
export type Recipient = {
  candidate: ReturnType<typeof presentCandidate>;
  applicationId: number;
  statusId: number | null;
};

const tooMany = () =>
  new AppError(
    'too_many_recipients',
    `Too many recipients: at most ${PREVIEW_MAX} candidates at once, choose a status or fewer candidates`,
  );

/**
 * The offer's candidates a selection names, in the order asked (or the pipeline's order: oldest application
 * first). A candidate id without an application in this offer (another offer's, another licence's, or none)
 * answers 422 and nothing else happens.
 */
export async function loadRecipients(
  db: Db,
  licenceId: number,
  jobOfferId: number,
  selection: RecipientSelection,
): Promise<Recipient[]> {
  const ids = selection.candidateIds ? [...new Set(selection.candidateIds)] : undefined;
  const where: SQL | undefined = and(
    scoped(jobApplications, licenceId),
    eq(jobApplications.jobOfferId, jobOfferId),
    ids ? inArray(jobApplications.candidateId, ids) : undefined,
    !ids && selection.statusId !== undefined ? eq(jobApplications.statusId, selection.statusId) : undefined,
  );
  const applications = await db
    .select({
      id: jobApplications.id,
      candidateId: jobApplications.candidateId,
      statusId: jobApplications.statusId,
    })
    .from(jobApplications)
    .where(where)
    .orderBy(asc(jobApplications.createdAt), asc(jobApplications.id))
    .limit(PREVIEW_MAX + 1);
  if (applications.length > PREVIEW_MAX) throw tooMany();
  if (ids) {
    const found = new Set(applications.map((a) => a.candidateId));
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) {
      throw new AppError('invalid_reference', `Candidate ${missing} not found in this job offer`);
    }
  }
  const candidates = new Map(
    (
      await findCandidates(
        db,
        licenceId,
        applications.map((a) => a.candidateId),
      )
    ).map((row) => [row.id, presentCandidate(row)]),
  );
  const order = ids ?? applications.map((a) => a.candidateId);
  const byCandidate = new Map(applications.map((a) => [a.candidateId, a]));
  return order.flatMap((candidateId) => {
    const application = byCandidate.get(candidateId);
    const candidate = candidates.get(candidateId);
    return application && candidate
      ? [{ candidate, applicationId: application.id, statusId: application.statusId }]
      : [];
  });
}
