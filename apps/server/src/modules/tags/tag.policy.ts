import type { Db } from '../../db/database.ts';
import { forbidden } from '../../http/app-error.ts';
import { requireAdmin } from '../../http/authenticate.ts';
import type { Caller } from '../../http/caller.ts';
import { readGlobalSetting } from '../settings/global-settings.ts';

/** Who may create a tag: everyone, unless `tags_rule` is `not-createable`, then only admins (SPEC section 6). */
export async function assertCanCreateTag(db: Db, caller: Caller) {
  if (caller.role === 'admin') return;
  const rule = await readGlobalSetting(db, caller.licenceId, 'tags_rule', ['createable', 'not-createable']);
  if (rule === 'not-createable') throw forbidden('Only an admin can create a tag');
}

/**
 * Renaming and deleting tags is tag management, which lives in the admin-only Global settings (SPEC
 * sections 2 and 6): admins only (docs/decisions/022-tag-management-admin-only.md).
 */
export function assertCanManageTags(caller: Caller) {
  requireAdmin(caller);
}
