import { type Setting, SettingName } from '@vivier/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { settings, statuses } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import { byCaller, recordAudit } from '../audit/audit.service.ts';
import { lockPipeline } from '../statuses/pipeline-lock.ts';
import { RULE_VALUES } from './global-settings.ts';
import { assertCanChangeSettings } from './setting.policy.ts';

type Value = string | number | null;

const invalid = (message: string) =>
  new AppError('validation_error', `Invalid request: body.value.type ${message}`);

/** `contacted_status` takes a status id, as a number or its digits, or null for none. */
function statusIdOf(value: Value): number | null {
  if (value === null) return null;
  const id = typeof value === 'number' ? value : /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) {
    throw invalid('must be the id of one of your statuses, or null');
  }
  return id;
}

/**
 * The audit entry of a setting's change (decision 192): its name and new value. Every global setting is a rule
 * (an enum) or a status id: none holds a secret; a setting that would must log its name alone.
 */
const audited = (caller: Caller, id: number, name: SettingName, value: string | null) =>
  ({
    ...byCaller(caller),
    action: 'setting.update',
    target: { kind: 'setting', id },
    details: { name, value },
  }) as const;

/**
 * Sets one global setting of the caller's licence (admins only) to a value it allows (SPEC section 3): the
 * rules their enums, `contacted_status` a status of the licence or null. A status id is checked under the
 * pipeline lock, so a status deleted at the same moment cannot end up as the contacted status.
 */
export async function updateSetting(
  db: Db,
  caller: Caller,
  settingId: number,
  value: Value,
): Promise<Setting> {
  const [row] = await db
    .select({ id: settings.id, name: settings.name, type: settings.type })
    .from(settings)
    .where(and(scoped(settings, caller), eq(settings.id, settingId)));
  const name = SettingName.safeParse(row?.name);
  if (!row || !name.success) throw notFound('Setting');
  assertCanChangeSettings(caller);

  if (name.data !== 'contacted_status') {
    const allowed = RULE_VALUES[name.data];
    if (typeof value !== 'string' || !allowed.includes(value)) {
      throw invalid(`must be one of ${allowed.join(', ')}`);
    }
    await db.transaction(async (tx) => {
      await tx.update(settings).set({ value }).where(eq(settings.id, row.id));
      await recordAudit(tx, audited(caller, row.id, name.data, value));
    });
    return { id: row.id, name: name.data, value, type: row.type };
  }

  const statusId = statusIdOf(value);
  return db.transaction(async (tx) => {
    await lockPipeline(tx, caller.licenceId);
    if (statusId !== null) {
      const [status] = await tx
        .select({ id: statuses.id })
        .from(statuses)
        .where(and(scoped(statuses, caller), eq(statuses.id, statusId)));
      if (!status) throw new AppError('invalid_reference', 'Status not found');
    }
    const stored = statusId === null ? null : String(statusId);
    await tx.update(settings).set({ value: stored }).where(eq(settings.id, row.id));
    await recordAudit(tx, audited(caller, row.id, name.data, stored));
    return { id: row.id, name: name.data, value: stored, type: row.type };
  });
}
