import { z } from 'zod';
import { listQuery } from './common.ts';
import { Name, SearchFilter } from './names.ts';

// Companies and tags: the licence's lists of names, alike but for their page size and who may write (the
// server's policies).

/** A row of one of the licence's lists of names people pick from and add to: a company, a tag (SPEC section 3). */
export const NamedRecord = z.object({ id: z.number(), name: z.string() });

/**
 * `GET` of such a list: a paginated `listOf(NamedRecord)` sorted by name ignoring case, `filters[search]` as
 * `SearchFilter` says, `per_page` defaulting to `perPage`.
 */
export const namedListQuery = (perPage: number) =>
  listQuery(perPage).extend({ filters: z.strictObject({ search: SearchFilter.optional() }).optional() });

/** `POST` and `PATCH` body of such a list: `{name}` (trimmed, 1-200 characters). */
export const NamedInput = z.strictObject({ name: Name });

/** A company, a tag (SPEC section 3). */
export const Company = NamedRecord;
export type Company = z.infer<typeof NamedRecord>;
export const Tag = NamedRecord;
export type Tag = Company;

/**
 * `GET /api/companies?filters[search]=acme&page=1&per_page=10` and `GET /api/tags?filters[search]=java`: a
 * paginated `listOf(Company)` or `listOf(Tag)` sorted by name ignoring case; search matches anywhere in the
 * name from 3 characters, at its start for 1 or 2 (`SearchFilter`). `per_page` defaults to 10 for companies,
 * 100 for tags (the maximum; follow `Link: rel="next"` for more).
 */
export const CompanyListQuery = namedListQuery(10);
export const TagListQuery = namedListQuery(100);
export type CompanyListQuery = z.input<typeof CompanyListQuery>;
export type TagListQuery = CompanyListQuery;

/**
 * `POST` and `PATCH /api/companies/{id}`, `POST` and `PATCH /api/tags/{id}` body: `{name}`. POST answers 201
 * with a new row, or 200 with the existing one when the licence already has this name ignoring case (no
 * duplicate is created); PATCH to another row's name answers 409 (`A company with this name already exists`,
 * `A tag with this name already exists`). POST answers 403 for a non-admin when `company_creation` is
 * `admins_only`, or `tags_rule` is `not-createable`. A tag's PATCH and DELETE are admin-only (403 otherwise);
 * DELETE answers 204 and also removes the tag from every candidate and job offer.
 */
export const CompanyInput = NamedInput;
export const TagInput = NamedInput;
export type CompanyInput = z.input<typeof NamedInput>;
export type TagInput = CompanyInput;
