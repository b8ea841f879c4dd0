import type { Db } from '../../db/database.ts';
import { forbidden } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import { readGlobalSetting } from '../settings/global-settings.ts';

/**
 * Who may create a company: everyone, unless the `company_creation` setting is `admins_only` (SPEC
 * section 6). Renaming follows the same rule: it changes the name every offer of that company shows.
 */
export async function assertCanWriteCompany(db: Db, caller: Caller) {
  if (caller.role === 'admin') return;
  const rule = await readGlobalSetting(db, caller.licenceId, 'company_creation', ['everyone', 'admins_only']);
  if (rule === 'admins_only') throw forbidden('Only an admin can create or rename a company');
}
