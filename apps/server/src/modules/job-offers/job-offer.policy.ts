import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { jobOffers, settings } from '../../db/schema/index.ts';
import { forbidden } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';

/**
 * Which job offers a caller sees (SPEC section 6, `transparency`): admins see every offer of the licence;
 * other users see every offer when the licence is transparent, and only those they manage or are assigned
 * to when it is opaque. A condition on `job_offers`, to AND with the licence scope, so the setting is read
 * inside the same query that lists (no extra round trip). An unknown value reads as transparent, the
 * default of a new licence. The licence and the user may be a named statement's placeholders.
 */
export function visibleJobOffers(caller: Viewer): SQL | undefined {
  if (caller.role === 'admin') return undefined;
  return sql`(
    coalesce((select ${settings.value} from ${settings}
              where ${settings.licenceId} = ${caller.licenceId} and ${settings.name} = 'transparency'), '') <> 'opaque'
    or ${jobOffers.userId} = ${caller.userId}
    or exists (select 1 from job_offer_assigned_users a where a.job_offer_id = ${jobOffers.id} and a.user_id = ${caller.userId})
  )`;
}

/** Who looks: a caller, or a named statement's shape (decision 249). */
export type Viewer = Pick<Caller, 'role'> & { licenceId: number | Placeholder; userId: number | Placeholder };

export type JobOfferAccess = { id: number; userId: number | null; assignedUsers: number[] };

/** SPEC section 6's 'Other' level reads job offers and changes none (docs/decisions/090-user-levels.md). */
const READ_ONLY = 'Your level lets you read job offers, not change them';

/**
 * Whether the caller may change a job offer they can see, and everything that hangs off it: its fields, tags,
 * pipeline moves, exports that move statuses (docs/decisions/020-job-offer-permissions.md and
 * 090-user-levels.md): an admin, or a user of the 'manager' level who manages the offer or is assigned to it.
 */
export function canEditJobOffer(caller: Caller, offer: JobOfferAccess) {
  if (caller.role === 'admin') return true;
  if (caller.level === 'other') return false;
  return offer.userId === caller.userId || offer.assignedUsers.includes(caller.userId);
}

export function assertCanEditJobOffer(caller: Caller, offer: JobOfferAccess) {
  if (canEditJobOffer(caller, offer)) return;
  if (caller.level === 'other') throw forbidden(READ_ONLY);
  throw forbidden('Only the manager of this job offer, its assigned users or an admin can change it');
}

/** Who may create a job offer (and so manage it): an admin, or a user of the 'manager' level. */
export function assertCanCreateJobOffer(caller: Caller) {
  if (caller.role !== 'admin' && caller.level === 'other') throw forbidden(READ_ONLY);
}
