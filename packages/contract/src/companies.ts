import { z } from 'zod';
import { listQuery } from './common.ts';
import { Name, SearchFilter } from './names.ts';

/** A company (SPEC section 3). */
export const Company = z.object({ id: z.number(), name: z.string() });
export type Company = z.infer<typeof Company>;

/**
 * `GET /api/companies?filters[search]=acme&page=1&per_page=10`: a paginated `listOf(Company)` sorted by
 * name; search ignores case and matches anywhere in the name from 3 characters, at its start for 1 or 2
 * (`SearchFilter`). `per_page` defaults to 10, at most 100.
 */
export const CompanyListQuery = listQuery(10).extend({
  filters: z.strictObject({ search: SearchFilter.optional() }).optional(),
});
export type CompanyListQuery = z.input<typeof CompanyListQuery>;

/**
 * `POST /api/companies` and `PATCH /api/companies/{id}` body: `{name}` (trimmed, 1-200 characters).
 * POST answers 201 with a new company, or 200 with the existing one when a company of the licence already
 * has this name ignoring case (no duplicate is created). PATCH to another company's name answers 409.
 * POST answers 403 for a non-admin when the `company_creation` setting is `admins_only`.
 */
export const CompanyInput = z.strictObject({ name: Name });
export type CompanyInput = z.input<typeof CompanyInput>;
