import {
  AuditRetentionMonths,
  AvatarService,
  CompanyCreation,
  ExportFormat,
  RetentionAction,
  RetentionMonths,
  type Setting,
  SettingName,
  TagsRule,
  Transparency,
} from '@vivier/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { settings } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { DEFAULT_SETTINGS } from '../licence/provision.ts';

/** The global settings that change what the API allows (SPEC section 3, Setting), typed by the contract. */
export type GlobalSettings = {
  export: ExportFormat;
  transparency: Transparency;
  tags_rule: TagsRule;
  company_creation: CompanyCreation;
  avatar_service: AvatarService;
  retention_months: RetentionMonths;
  retention_action: RetentionAction;
  audit_retention_months: AuditRetentionMonths;
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
    .where(and(scoped(settings, licenceId), eq(settings.name, name)));
  const value = row?.value as GlobalSettings[K] | null | undefined;
  return value && allowed.includes(value) ? value : DEFAULT_SETTINGS[name];
}

/** The values each rule may take; anything else stored reads as the licence default, as `readGlobalSetting` does. */
export const RULE_VALUES: { [K in keyof typeof DEFAULT_SETTINGS]: readonly string[] } = {
  export: ExportFormat.options,
  transparency: Transparency.options,
  tags_rule: TagsRule.options,
  company_creation: CompanyCreation.options,
  avatar_service: AvatarService.options,
  retention_months: RetentionMonths.options,
  retention_action: RetentionAction.options,
  audit_retention_months: AuditRetentionMonths.options,
};

const isRule = (name: string): name is keyof typeof RULE_VALUES => name in RULE_VALUES;

/**
 * Every global setting of a licence, in creation order, each rule with the value the API enforces, so a
 * screen never offers what the server then refuses.
 */
export async function listGlobalSettings(db: Db, licenceId: number): Promise<Setting[]> {
  const rows = await db
    .select({ id: settings.id, name: settings.name, value: settings.value, type: settings.type })
    .from(settings)
    .where(and(scoped(settings, licenceId), inArray(settings.name, SettingName.options)))
    .orderBy(asc(settings.id));
  return rows.map((row) => {
    const name = row.name as SettingName;
    if (!isRule(name) || (row.value !== null && RULE_VALUES[name].includes(row.value)))
      return { ...row, name };
    return { ...row, name, value: DEFAULT_SETTINGS[name] };
  });
}
