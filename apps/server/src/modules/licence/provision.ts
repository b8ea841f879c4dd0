import type { PlanType, RenewPeriod, Role } from '@vivier/contract';
import type { Db } from '../../db/database.ts';
import { licences, settings, statuses, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';

/**
 * The pipeline every new licence starts with, each status with its own palette colour. 'Rejected' is marked
 * rejected (decision 228): moving there asks why, and the reports count it as an outcome, so 'Hired' is the
 * last stage a new licence's reports call a hire.
 */
export const DEFAULT_PIPELINE = [
  { name: 'To contact', color: '228be6', rejected: false },
  { name: 'Contacted', color: '7950f2', rejected: false },
  { name: 'Interview', color: 'fab005', rejected: false },
  { name: 'Offer', color: 'fd7e14', rejected: false },
  { name: 'Hired', color: '40c057', rejected: false },
  { name: 'Rejected', color: 'fa5252', rejected: true },
] as const;

/** Global settings of SPEC section 3 at their starting values. */
export const DEFAULT_SETTINGS = {
  export: 'csv_semicolumn',
  transparency: 'transparent',
  tags_rule: 'createable',
  company_creation: 'everyone',
  // Nothing leaves for a third party unasked (issue 24): licences made before it keep Gravatar (migration 0019).
  avatar_service: 'off',
  // Retention (issue 24, decision 195): 24 months without activity, then erased; the licences made before it
  // start at 'off' (migration 0023).
  retention_months: '24',
  retention_action: 'erase',
  // The audit log keeps a year (issue 24); every licence starts there, those made before by migration 0024.
  audit_retention_months: '12',
} as const;

export type NewUser = { email: string; password: string; firstName?: string; lastName?: string; role?: Role };

export type NewLicence = {
  name: string;
  creditsMax: number;
  planType: PlanType;
  renewPeriod?: RenewPeriod | null;
  admin: NewUser;
};

/** Creates a user in a licence with an argon2id password hash. */
export async function createUser(db: Db, licenceId: number, user: NewUser) {
  const [row] = await db
    .insert(users)
    .values({
      licenceId,
      email: user.email.trim(),
      passwordHash: await hashPassword(user.password),
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      role: user.role ?? 'user',
      // The operator vouches for the address (CLI user:create): no mailed proof asked.
      confirmedAt: new Date(),
    })
    .returning();
  if (!row) throw new Error('The user was not created');
  return row;
}

/**
 * Creates a licence ready to use, in one transaction: the default pipeline, the global settings (the
 * contacted status pointing at 'Contacted') and its first admin.
 */
export async function createLicence(db: Db, input: NewLicence) {
  const passwordHash = await hashPassword(input.admin.password);
  return db.transaction(async (tx) => {
    const [licence] = await tx
      .insert(licences)
      .values({
        name: input.name,
        creditsMax: input.creditsMax,
        planType: input.planType,
        // Only a recurrent plan renews (SPEC section 9 shows the period for it alone).
        renewPeriod: input.planType === 'recurrent' ? (input.renewPeriod ?? 'monthly') : null,
      })
      .returning();
    if (!licence) throw new Error('The licence was not created');
    const pipeline = await tx
      .insert(statuses)
      .values(
        DEFAULT_PIPELINE.map((s, index) => ({
          licenceId: licence.id,
          name: s.name,
          color: s.color,
          rejected: s.rejected,
          index,
        })),
      )
      .returning();
    const contacted = pipeline.find((s) => s.name === 'Contacted');
    await tx.insert(settings).values([
      ...Object.entries(DEFAULT_SETTINGS).map(([name, value]) => ({
        licenceId: licence.id,
        name,
        value,
        type: 'string',
      })),
      {
        licenceId: licence.id,
        name: 'contacted_status',
        value: contacted ? String(contacted.id) : null,
        type: 'status_id',
      },
    ]);
    const [admin] = await tx
      .insert(users)
      .values({
        licenceId: licence.id,
        email: input.admin.email.trim(),
        passwordHash,
        firstName: input.admin.firstName ?? '',
        lastName: input.admin.lastName ?? '',
        role: 'admin',
        confirmedAt: new Date(),
      })
      .returning();
    if (!admin) throw new Error('The admin was not created');
    return { licence, admin, statuses: pipeline };
  });
}
