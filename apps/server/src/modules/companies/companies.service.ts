import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { companies } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { conflict, notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import { companyFields, companyNameEquals, findCompany, findCompanyByName } from './companies.queries.ts';
import { assertCanWriteCompany } from './company.policy.ts';

/**
 * Creates a company, or finds the licence's company of that name ignoring case (docs/decisions
 * 021-duplicate-names.md): the company selector offers 'Create and set company' only when no exact match
 * shows, and a differently cased or just-created twin should still set the company rather than fail.
 */
export async function createCompany(db: Db, caller: Caller, name: string) {
  await assertCanWriteCompany(db, caller);
  const existing = await findCompanyByName(db, caller.licenceId, name);
  if (existing) return { company: existing, created: false };
  // Two people creating the same company at once: the unique index keeps one, the other finds it.
  const [inserted] = await db
    .insert(companies)
    .values({ licenceId: caller.licenceId, name })
    .onConflictDoNothing()
    .returning(companyFields);
  if (inserted) return { company: inserted, created: true };
  const raced = await findCompanyByName(db, caller.licenceId, name);
  if (!raced) throw conflict('A company with this name already exists');
  return { company: raced, created: false };
}

/** Renames a company of the licence; another company's name (ignoring case) is a 409. */
export async function renameCompany(db: Db, caller: Caller, companyId: number, name: string) {
  if (!(await findCompany(db, caller.licenceId, companyId))) throw notFound('Company');
  await assertCanWriteCompany(db, caller);
  const [twin] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(scoped(companies, caller), companyNameEquals(name), ne(companies.id, companyId)));
  if (twin) throw conflict('A company with this name already exists');
  const [row] = await db
    .update(companies)
    .set({ name })
    .where(and(scoped(companies, caller), eq(companies.id, companyId)))
    .returning(companyFields);
  if (!row) throw notFound('Company');
  return row;
}
