import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { scopedSql } from '../../db/tenant-scope.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import { idsSql, recordApplicationEvents } from '../activity/activity.service.ts';
import { touchCandidates } from '../candidates/candidates.queries.ts';
import { assertCanEditJobOffer } from '../job-offers/job-offer.policy.ts';
import { findJobOfferAccess } from '../job-offers/job-offers.queries.ts';
import { createJobOffer } from '../job-offers/job-offers.service.ts';
import { assertLicenceStatuses } from '../statuses/status-references.ts';

/** Where the candidates go: an existing offer, or a new one to create (SPEC section 2, Copy screen). */
export type CopyDestination = { id: number } | { name: string; company_id?: number | null };

export type CopyResult = { jobOfferId: number; ok: number[]; duplicates: number[] };

/** The destination offer's id: an existing one the caller may change, or one created now with the caller as manager. */
async function destinationOf(db: Db, caller: Caller, sourceId: number, dest: CopyDestination) {
  if (!('id' in dest)) {
    return createJobOffer(db, caller, { name: dest.name, company_id: dest.company_id ?? null });
  }
  if (dest.id === sourceId) {
    throw new AppError('same_job_offer', 'Candidates cannot be copied into the job offer they come from');
  }
  const offer = await findJobOfferAccess(db, caller, dest.id);
  if (!offer) throw notFound('Job offer');
  assertCanEditJobOffer(caller, offer);
  return offer.id;
}

/**
 * Copies the candidates of a job offer's selected statuses into another offer (SPEC sections 2, 4 and 7), each
 * keeping its status, in one transaction: the destination is created (or checked) and the applications inserted
 * together, or nothing happens. Candidates already in the destination are skipped and reported as duplicates;
 * `ON CONFLICT DO NOTHING` on the (job offer, candidate) unique index keeps that true when two copies race.
 * The source needs only to be visible to the caller: copying reads it, it does not change it.
 */
export async function copyCandidates(
  db: Db,
  caller: Caller,
  sourceId: number,
  input: { fromStatus: number[]; dest: CopyDestination },
): Promise<CopyResult> {
  return db.transaction(async (tx) => {
    const source = await findJobOfferAccess(tx, caller, sourceId);
    if (!source) throw notFound('Job offer');
    const statusIds = await assertLicenceStatuses(tx, caller.licenceId, input.fromStatus);
    const destinationId = await destinationOf(tx, caller, sourceId, input.dest);
    // One statement: the picked applications, the insert of those not yet in the destination, the candidates'
    // last change, and which were copied (no id list goes back and forth, however long the shortlist).
    // A comment belongs to the application it was written on, so it stays with the source.
    const rows = await rawRows<{ candidate_id: number; copied: boolean; application_id: number | null }>(
      tx,
      sql`
      with picked as (
        select ja.candidate_id, ja.status_id from job_applications ja
        where ${scopedSql('ja', caller)} and ja.job_offer_id = ${sourceId}
          and ja.status_id in (${sql.join(statusIds, sql`, `)})
      ), inserted as (
        insert into job_applications (licence_id, candidate_id, job_offer_id, status_id)
        select ${caller.licenceId}, p.candidate_id, ${destinationId}, p.status_id from picked p
        on conflict (job_offer_id, candidate_id) do nothing
        returning id, candidate_id
      )
      select p.candidate_id, i.candidate_id is not null as copied, i.id as application_id
      from picked p left join inserted i on i.candidate_id = p.candidate_id
      order by p.candidate_id`,
    );
    const ok: number[] = [];
    const duplicates: number[] = [];
    for (const row of rows) (row.copied ? ok : duplicates).push(Number(row.candidate_id));
    // Candidate lists sort by the last change, and joining a pipeline is one; touching also gives the new
    // applications their place in the destination's list (candidates.queries.ts).
    await touchCandidates(tx, caller.licenceId, ok);
    if (ok.length > 0) {
      const [from] = await rawRows<{ id: number; name: string }>(
        tx,
        sql`select o.id, o.name from job_offers o where ${scopedSql('o', caller)} and o.id = ${sourceId}`,
      );
      await recordApplicationEvents(
        tx,
        caller.licenceId,
        'application_copied',
        caller.userId,
        idsSql(rows.flatMap((row) => (row.application_id === null ? [] : [Number(row.application_id)]))),
        { from: from ? { id: Number(from.id), name: from.name } : null },
      );
    }
    return { jobOfferId: destinationId, ok, duplicates };
  });
}
