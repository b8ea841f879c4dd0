import { notFound } from '../../http/app-error.ts';
import type { NamedListService } from '../../http/named-list-routes.ts';
import { companyCatalog, findCompany } from './companies.queries.ts';
import { assertCanWriteCompany } from './company.policy.ts';

/**
 * Companies: a named list (db/named-catalog.ts) whose writes follow `company_creation` (company.policy.ts).
 * Creating finds the licence's company of that name ignoring case (docs/decisions 021-duplicate-names.md): the
 * company selector offers 'Create and set company' only when no exact match shows, and a differently cased or
 * just-created twin should still set the company rather than fail.
 */
export const companyService: NamedListService = {
  list: companyCatalog.list,

  async create(db, caller, name) {
    await assertCanWriteCompany(db, caller);
    return companyCatalog.createOrFind(db, caller.licenceId, name);
  },

  async rename(db, caller, companyId, name) {
    if (!(await findCompany(db, caller, companyId))) throw notFound('Company');
    await assertCanWriteCompany(db, caller);
    return companyCatalog.rename(db, caller, companyId, name);
  },
};
