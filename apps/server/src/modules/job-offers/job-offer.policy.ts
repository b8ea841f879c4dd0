import { type SQL, sql } from 'drizzle-orm';
import { jobOffers, settings } from '../../db/schema/index.ts';
import { forbidden } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';

/**
 * Which job offers a caller sees (SPEC section 6, `transparency`): admins see every offer of the licence;
 * other users see every offer when the licence is transparent, and only those they manage or are assigned
 * to when it is opaque. A condition on `job_offers`, to AND with the licence scope, so the setting is read
 * inside the same query that lists (no extra round trip). An unknown value reads as transparent, the
 * default of a new licence.
 */
export function visibleJobOffers(caller: Caller): SQL | undefined {
  if (caller.role === 'admin') return undefined;
  return sql`(
    coalesce((select ${settings.value} from ${settings}
              where ${settings.licenceId} = ${caller.licenceId} and ${settings.name} = 'transparency'), '') <> 'opaque'
    or ${jobOffers.userId} = ${caller.userId}
    or exists (select 1 from job_offer_assigned_users a where a.job_offer_id = ${jobOffers.id} and a.user_id = ${caller.userId})
  )`;
}

export type JobOfferAccess = { id: number; userId: number | null; assignedUsers: number[] };

/** Whether the caller may change a job offer they can see (docs/decisions/020-job-offer-permissions.md). */
export function canEditJobOffer(caller: Caller, offer: JobOfferAccess) {
  return (
    caller.role === 'admin' || offer.userId === caller.userId || offer.assignedUsers.includes(caller.userId)
  );
}

export function assertCanEditJobOffer(caller: Caller, offer: JobOfferAccess) {
  if (!canEditJobOffer(caller, offer)) {
    throw forbidden('Only the manager of this job offer, its assigned users or an admin can change it');
  }
}
