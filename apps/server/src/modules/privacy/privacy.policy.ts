import { forbidden } from '../../http/app-error.ts';
import { requireAdmin } from '../../http/authenticate.ts';
import type { Caller } from '../../http/caller.ts';

/**
 * Who answers for the licence's handling of personal data (issue 24, decision 194): its admins, at a level that
 * may write. A candidate's data export gathers everything Vivier holds about one person, contacts, notes and
 * emails included, in a file that leaves Vivier: it is the controller's act, not a recruiter's daily work, so
 * recruiters (role `user`) and the read-only level are refused even though they read the candidate's record.
 */
export function assertCanHandlePrivacy(caller: Caller) {
  requireAdmin(caller);
  if (caller.level === 'other') throw forbidden('The read-only level cannot do this');
}
