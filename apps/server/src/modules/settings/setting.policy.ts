import { requireAdmin } from '../../http/authenticate.ts';
import type { Caller } from '../../http/caller.ts';

/**
 * Global settings (SPEC section 6): every user of the licence reads them, since they shape what the screens
 * offer; only admins change them. A user's own settings live on their user record (user.policy.ts).
 */
export function assertCanChangeSettings(caller: Caller) {
  requireAdmin(caller);
}
