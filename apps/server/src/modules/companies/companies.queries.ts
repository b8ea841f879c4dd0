import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { companies } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { nameMatches } from '../../lib/name-search.ts';

export const companyFields = { id: companies.id, name: companies.name };

/** Names compare without case: the unique index is on (licence_id, lower(name)). */
export const companyNameEquals = (name: string) => sql`lower(${companies.name}) = lower(${name})`;

/** The companies of a licence whose name matches `search` (lib/name-search.ts). */
export const companySearch = (licenceId: number, search: string | undefined) =>
  and(scoped(companies, licenceId), search ? nameMatches(companies.name, search) : undefined);

/** A page of the licence's companies sorted by name, optionally those whose name matches `search`. */
export async function listCompanies(
  db: Db,
  licenceId: number,
  { search, limit, offset }: { search?: string; limit: number; offset: number },
) {
  const where = companySearch(licenceId, search);
  const [rows, [count]] = await Promise.all([
    db
      .select(companyFields)
      .from(companies)
      .where(where)
      .orderBy(asc(sql`lower(${companies.name})`), asc(companies.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(companies).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** One company of the licence; another licence's company is as absent as a missing one. */
export async function findCompany(db: Db, licenceId: number, companyId: number) {
  const [row] = await db
    .select(companyFields)
    .from(companies)
    .where(and(scoped(companies, licenceId), eq(companies.id, companyId)));
  return row;
}

export async function findCompanyByName(db: Db, licenceId: number, name: string) {
  const [row] = await db
    .select(companyFields)
    .from(companies)
    .where(and(scoped(companies, licenceId), companyNameEquals(name)));
  return row;
}
