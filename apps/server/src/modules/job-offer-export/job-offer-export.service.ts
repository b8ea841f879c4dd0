import type { RejectionInput } from '@vivier/contract';
import { type ExportFormat, ExportFormat as ExportFormats } from '@vivier/contract';
import { and, eq, sql } from 'drizzle-orm';
import { changeApplicationStatuses } from '../../commands/change-application-statuses.ts';
import type { Db } from '../../db/database.ts';
import { companies, jobOffers, users } from '../../db/schema/index.ts';
import { scoped, scopedSql } from '../../db/tenant-scope.ts';
import { notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import { recordApplicationEvents, rejectionFor } from '../activity/activity.service.ts';
import { byCaller, recordAudit } from '../audit/audit.service.ts';
import { assertCanEditJobOffer, visibleJobOffers } from '../job-offers/job-offer.policy.ts';
import { findJobOfferAccess } from '../job-offers/job-offers.queries.ts';
import { readGlobalSetting } from '../settings/global-settings.ts';
import { assertLicenceStatuses } from '../statuses/status-references.ts';

/** The offer an export is of, if the caller sees it (404 otherwise: missing, hidden or another licence's). */
export async function exportedJobOffer(db: Db, caller: Caller, jobOfferId: number) {
  const [offer] = await db
    .select({ id: jobOffers.id, name: jobOffers.name, companyName: companies.name })
    .from(jobOffers)
    .leftJoin(companies, eq(companies.id, jobOffers.companyId))
    .where(and(scoped(jobOffers, caller), eq(jobOffers.id, jobOfferId), visibleJobOffers(caller)));
  if (!offer) throw notFound('Job offer');
  return offer;
}

/** SPEC section 3: the format asked for, else the user's own export setting, else the licence's default. */
export async function exportFormatFor(db: Db, caller: Caller, asked: ExportFormat | undefined) {
  if (asked) return asked;
  const [user] = await db
    .select({ settings: users.settings })
    .from(users)
    .where(and(scoped(users, caller), eq(users.id, caller.userId)));
  const own = ExportFormats.safeParse(user?.settings.export?.type);
  if (own.success) return own.data;
  return readGlobalSetting(db, caller.licenceId, 'export', ExportFormats.options);
}

/**
 * The optional step after an export (SPEC section 4): every application of the offer in one of `fromStatuses`
 * moves to `statusId` through `changeApplicationStatuses` (candidates locked first, their last change and the
 * offer list's order moved to now), in one transaction with the checks: all of them move, or (on a refusal or a
 * failure) none. Needs the right to edit the offer. Answers how many moved.
 */
export async function changeExportedStatuses(
  db: Db,
  caller: Caller,
  jobOfferId: number,
  change: { statusId: number; fromStatuses: number[]; rejection?: RejectionInput | undefined },
) {
  const offer = await findJobOfferAccess(db, caller, jobOfferId);
  if (!offer) throw notFound('Job offer');
  assertCanEditJobOffer(caller, offer);
  return db.transaction(async (tx) => {
    const [target = change.statusId] = await assertLicenceStatuses(tx, caller.licenceId, [change.statusId]);
    const from = await assertLicenceStatuses(tx, caller.licenceId, change.fromStatuses);
    const rejection = await rejectionFor(tx, caller.licenceId, target, change.rejection);
    const moved = await changeApplicationStatuses(
      tx,
      caller.licenceId,
      { jobOfferId, fromStatuses: from },
      target,
      { actorId: caller.userId, via: 'export', rejection },
    );
    return moved.length;
  });
}

/**
 * Records an `exported` event on every application the export holds (issue 21), in ONE INSERT … SELECT and its
 * own transaction, before the file streams: the timeline says who exported the candidate, from which offer.
 * The same transaction writes the audit log's `job_offer.export` entry: which offer, how many rows, which format.
 */
export async function recordExport(
  db: Db,
  caller: Caller,
  selection: { jobOfferId: number; statusIds?: number[] | undefined },
  file: { rows: number; format: string },
) {
  const { statusIds } = selection;
  const byStatus =
    statusIds === undefined
      ? sql``
      : sql` and e.status_id = any(${`{${statusIds.map((id) => Math.trunc(id)).join(',')}}`}::int[])`;
  await db.transaction(async (tx) => {
    if (statusIds?.length !== 0) {
      await recordApplicationEvents(
        tx,
        caller.licenceId,
        'exported',
        caller.userId,
        sql`select e.id from job_applications e where ${scopedSql('e', caller)} and e.job_offer_id = ${selection.jobOfferId}${byStatus}`,
      );
    }
    await recordAudit(tx, {
      ...byCaller(caller),
      action: 'job_offer.export',
      target: { kind: 'job_offer', id: selection.jobOfferId },
      details: { rows: file.rows, format: file.format, statuses: statusIds ?? null },
    });
  });
}
