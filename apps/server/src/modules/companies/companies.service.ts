import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import { companyCatalog, findCompany } from './companies.queries.ts';
import { assertCanWriteCompany } from './company.policy.ts';

/**
 * Creates a company, or finds the licence's company of that name ignoring case (docs/decisions
 * 021-duplicate-names.md): the company selector offers 'Create and set company' only when no exact match
 * shows, and a differently cased or just-created twin should still set the company rather than fail.
 */
export async function createCompany(db: Db, caller: Caller, name: string) {
  await assertCanWriteCompany(db, caller);
  const { row, created } = await companyCatalog.createOrFind(db, caller.licenceId, name);
  return { company: row, created };
}

/** Renames a company of the licence; another company's name (ignoring case) is a 409. */
export async function renameCompany(db: Db, caller: Caller, companyId: number, name: string) {
  if (!(await findCompany(db, caller, companyId))) throw notFound('Company');
  await assertCanWriteCompany(db, caller);
  return companyCatalog.rename(db, caller, companyId, name);
}
