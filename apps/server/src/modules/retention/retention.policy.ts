import { requireAdmin } from '../../http/authenticate.ts';
import type { Caller } from '../../http/caller.ts';

/**
 * Retention (issue 24): who is due and why a candidate is kept is the data controller's business, so admins
 * alone see the list and exclude; a read-only level never writes.
 */
export function assertCanManageRetention(caller: Caller) {
  requireAdmin(caller);
}
