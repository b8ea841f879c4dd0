import { requireAdmin } from '../../http/authenticate.ts';
import type { Caller } from '../../http/caller.ts';

/**
 * Who reads and writes users' client-data records (docs/decisions/091-client-data.md): every user of the
 * licence reads them, as the users screen shows them; only admins write them, as they are the
 * organisation's data about a colleague rather than the colleague's own.
 */
export function assertCanWriteClientData(caller: Caller) {
  requireAdmin(caller);
}
