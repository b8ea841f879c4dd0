import type { z } from 'zod';
import { dataOf, IdParams, listOf, NoContent } from '../common.ts';
import { CompanyListQuery, NamedInput, NamedRecord, TagListQuery } from '../named-lists.ts';
import { Status, StatusCreateBody, StatusDeleteQuery, StatusPatchBody } from '../statuses.ts';
import { addresses as at } from './addresses.ts';
import { group } from './route.ts';

/**
 * The routes a list of names has (companies, tags: decision 021): a page, create-or-find, rename. Both answer
 * `NamedRecord`s; their query's page size and who may write differ (the query and the policies).
 */
const namedList = <const Q extends z.ZodType>(
  query: Q,
  noun: { one: string; many: string; renamedBy?: string },
) => ({
  list: {
    query,
    responses: { 200: listOf(NamedRecord) },
    summary: `The licence's ${noun.many}, a page at a time`,
  },
  create: {
    body: NamedInput,
    responses: { 200: NamedRecord, 201: NamedRecord },
    errors: ['forbidden'] as const,
    summary: `Create a ${noun.one} (200 with the existing one of that name)`,
  },
  rename: {
    params: IdParams,
    body: NamedInput,
    responses: { 200: NamedRecord },
    errors: ['not_found', 'forbidden', 'conflict'] as const,
    summary: `Rename a ${noun.one}${noun.renamedBy ?? ''}`,
  },
});

/** Companies (SPEC section 7: GET and POST /companies; PATCH /companies/{id}). */
export const companies = group(
  at.companies,
  ['companies'],
  namedList(CompanyListQuery, { one: 'company', many: 'companies' }),
);

/** Tags (SPEC section 7: GET and POST /tags; PATCH and DELETE /tags/{id}). */
export const tags = group(at.tags, ['tags'], {
  ...namedList(TagListQuery, { one: 'tag', many: 'tags', renamedBy: ' (admins)' }),
  remove: {
    params: IdParams,
    responses: { 204: NoContent },
    errors: ['not_found', 'forbidden'],
    summary: 'Delete a tag everywhere (admins)',
  },
});

/** The pipeline (SPEC section 7: GET and POST /statuses; PATCH and DELETE /statuses/{id}). */
export const statuses = group(at.statuses, ['statuses'], {
  list: {
    responses: { 200: dataOf(Status) },
    summary: "The licence's pipeline, by index",
  },
  create: {
    body: StatusCreateBody,
    responses: { 201: Status },
    errors: ['forbidden', 'too_many_statuses'],
    summary: 'Add a status at the end of the pipeline (admins)',
  },
  update: {
    params: IdParams,
    body: StatusPatchBody,
    responses: { 200: Status },
    errors: ['not_found', 'forbidden', 'invalid_reference'],
    summary: 'Rename, recolour or move a status (admins)',
  },
  remove: {
    params: IdParams,
    query: StatusDeleteQuery,
    responses: { 204: NoContent },
    errors: ['not_found', 'forbidden', 'conflict', 'status_in_use', 'invalid_reference'],
    summary: 'Delete a status, moving its applications with ?move_to (admins)',
  },
});
