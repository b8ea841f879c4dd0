import { forbidden } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';

/**
 * Only the licence's admins read its audit log (issue 24): it names every user's sign-ins and every profile
 * they opened. A user at any level is refused; no one, admins included, can change or delete an entry.
 */
export function assertCanReadAuditLog(caller: Caller) {
  if (caller.role !== 'admin') throw forbidden('Only an admin can read the audit log');
}
