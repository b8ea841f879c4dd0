import { namedCatalog } from '../../db/named-catalog.ts';
import { companies } from '../../db/schema/index.ts';

/** The licence's companies: the queries they share with tags (db/named-catalog.ts). */
export const companyCatalog = namedCatalog(companies, {
  thing: 'Company',
  duplicate: 'A company with this name already exists',
});

export const companySearch = companyCatalog.search;
export const listCompanies = companyCatalog.list;
export const findCompany = companyCatalog.find;
