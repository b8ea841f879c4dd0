import { type ExportFormat, ExportFormat as ExportFormats } from '@vivier/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { companies, jobOffers, users } from '../../db/schema/index.ts';
import { notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
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
    .where(
      and(eq(jobOffers.licenceId, caller.licenceId), eq(jobOffers.id, jobOfferId), visibleJobOffers(caller)),
    );
  if (!offer) throw notFound('Job offer');
  return offer;
}

/** SPEC section 3: the format asked for, else the user's own export setting, else the licence's default. */
export async function exportFormatFor(db: Db, caller: Caller, asked: ExportFormat | undefined) {
  if (asked) return asked;
  const [user] = await db
    .select({ settings: users.settings })
    .from(users)
    .where(and(eq(users.licenceId, caller.licenceId), eq(users.id, caller.userId)));
  const own = ExportFormats.safeParse(user?.settings.export?.type);
  if (own.success) return own.data;
  return readGlobalSetting(db, caller.licenceId, 'export', ExportFormats.options);
}

/**
 * The optional step after an export (SPEC section 4): every application of the offer in one of `fromStatuses`
 * moves to `statusId`, and those candidates' last change moves to now, in ONE statement inside one transaction
 * with the checks: all of them move, or (on a refusal or a failure) none. Needs the right to edit the offer.
 * Answers how many moved.
 */
export async function changeExportedStatuses(
  db: Db,
  caller: Caller,
  jobOfferId: number,
  change: { statusId: number; fromStatuses: number[] },
) {
  const offer = await findJobOfferAccess(db, caller, jobOfferId);
  if (!offer) throw notFound('Job offer');
  assertCanEditJobOffer(caller, offer);
  return db.transaction(async (tx) => {
    const [target = change.statusId] = await assertLicenceStatuses(tx, caller.licenceId, [change.statusId]);
    const from = await assertLicenceStatuses(tx, caller.licenceId, change.fromStatuses);
    const [row] = await rawRows<{ updated_count: number }>(
      tx,
      sql`
      with moved as (
        update job_applications set status_id = ${target}, updated_at = now()
        where licence_id = ${caller.licenceId} and job_offer_id = ${jobOfferId}
          and status_id in (${sql.join(from, sql`, `)}) and status_id <> ${target}
        returning candidate_id
      ), touched as (
        update candidates set updated_at = now()
        where licence_id = ${caller.licenceId} and id in (select candidate_id from moved)
      )
      select count(*)::int as updated_count from moved`,
    );
    return row?.updated_count ?? 0;
  });
}
