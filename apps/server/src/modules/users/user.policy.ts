import type { UserPatchBody } from '@vivier/contract';
import { forbidden } from '../../http/app-error.ts';
import { requireAdmin } from '../../http/authenticate.ts';
import type { Caller } from '../../http/caller.ts';

/**
 * Who may do what to users (SPEC section 6 leaves it open; docs/decisions/092-user-management.md). Every user
 * of a licence reads its users (pickers and the users screen need them); only admins create, change and
 * delete them, except that a person changes their own names, password and settings.
 */

export function assertCanCreateUser(caller: Caller) {
  requireAdmin(caller);
}

type Target = { id: number; role: string; level: string; email: string };

/** An admin changes any user of the licence; a user changes only themself, and not their role, level or email. */
export function assertCanEditUser(caller: Caller, target: Target, patch: UserPatchBody) {
  if (caller.role === 'admin') return;
  if (target.id !== caller.userId) throw forbidden('Only an admin can change another user');
  // Sending back an unchanged value (a form that sends every field) is not a change.
  if (patch.role !== undefined && patch.role !== target.role) {
    throw forbidden('Only an admin can change a role');
  }
  if (patch.level !== undefined && patch.level !== target.level) {
    throw forbidden('Only an admin can change a level');
  }
  if (patch.email !== undefined && patch.email.trim().toLowerCase() !== target.email.toLowerCase()) {
    throw forbidden('Only an admin can change an email address');
  }
}

/** Admins delete users of their licence, never themselves (who would the offers go to?). */
export function assertCanDeleteUser(caller: Caller, target: Target) {
  requireAdmin(caller);
  if (target.id === caller.userId) throw forbidden('You cannot delete your own account');
}
