import { eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Whose data a query reads or writes: a caller (its verified licence), or a licence id the code already holds
 * (a job's payload, the operator CLI, a prepared statement's placeholder).
 */
export type Tenant = number | { licenceId: number } | Placeholder;

const licenceOf = (tenant: Tenant) =>
  typeof tenant === 'object' && 'licenceId' in tenant ? tenant.licenceId : tenant;

/**
 * The condition every query on a tenant table carries (decision 157): the table's rows of the tenant's
 * licence. `where(and(scoped(candidates, caller), eq(candidates.id, id)))`. Another licence's record then
 * answers exactly like a missing one. The architecture test fails on a hand-written `eq(x.licenceId, …)`.
 */
export function scoped(table: { licenceId: AnyPgColumn }, tenant: Tenant): SQL {
  return eq(table.licenceId, licenceOf(tenant));
}

/**
 * The same condition in raw SQL: `alias.licence_id = $n` (or `licence_id = $n` without an alias). The alias is
 * the statement's own text, never input.
 */
export function scopedSql(alias: string | undefined, tenant: Tenant): SQL {
  return sql`${sql.raw(alias ? `${alias}.licence_id` : 'licence_id')} = ${licenceOf(tenant)}`;
}
