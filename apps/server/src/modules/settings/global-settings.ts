import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { settings } from '../../db/schema/index.ts';
import { DEFAULT_SETTINGS } from '../licence/provision.ts';

/** The global settings that change what the API allows (SPEC section 3, Setting). */
export type GlobalSettings = {
  transparency: 'transparent' | 'opaque';
  tags_rule: 'createable' | 'not-createable';
  company_creation: 'everyone' | 'admins_only';
};

/**
 * One global setting of a licence. A missing row (or an unknown value) reads as the value a new licence
 * starts with, so a rule is never stricter or looser than the ones an admin can choose.
 */
export async function readGlobalSetting<K extends keyof GlobalSettings>(
  db: Db,
  licenceId: number,
  name: K,
  allowed: readonly GlobalSettings[K][],
): Promise<GlobalSettings[K]> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.licenceId, licenceId), eq(settings.name, name)));
  const value = row?.value as GlobalSettings[K] | null | undefined;
  return value && allowed.includes(value) ? value : DEFAULT_SETTINGS[name];
}
