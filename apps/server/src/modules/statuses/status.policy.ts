import { requireAdmin } from '../../http/authenticate.ts';
import type { Caller } from '../../http/caller.ts';

/**
 * The pipeline is part of the admin-only Global settings (SPEC section 6): every user of the licence reads
 * it (`GET /statuses`), only admins create, rename, recolour, reorder and delete statuses.
 */
export function assertCanManageStatuses(caller: Caller) {
  requireAdmin(caller);
}
