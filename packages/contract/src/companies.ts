import type { z } from 'zod';
import { NamedInput, NamedRecord, namedListQuery } from './named-lists.ts';

/** A company (SPEC section 3). */
export const Company = NamedRecord;
export type Company = z.infer<typeof Company>;

/**
 * `GET /api/companies?filters[search]=acme&page=1&per_page=10`: a paginated `listOf(Company)` sorted by
 * name; search ignores case and matches anywhere in the name from 3 characters, at its start for 1 or 2
 * (`SearchFilter`). `per_page` defaults to 10, at most 100.
 */
export const CompanyListQuery = namedListQuery(10);
export type CompanyListQuery = z.input<typeof CompanyListQuery>;

/**
 * `POST /api/companies` and `PATCH /api/companies/{id}` body: `{name}`.
 * POST answers 201 with a new company, or 200 with the existing one when a company of the licence already
 * has this name ignoring case (no duplicate is created). PATCH to another company's name answers 409.
 * POST answers 403 for a non-admin when the `company_creation` setting is `admins_only`.
 */
export const CompanyInput = NamedInput;
export type CompanyInput = z.input<typeof CompanyInput>;
