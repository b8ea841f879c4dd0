import { dataOf, IdParams, listOf, NoContent } from '../common.ts';
import { Company, CompanyInput, CompanyListQuery } from '../companies.ts';
import { Status, StatusCreateBody, StatusDeleteQuery, StatusPatchBody } from '../statuses.ts';
import { Tag, TagInput, TagListQuery } from '../tags.ts';
import { addresses as at } from './addresses.ts';
import { group } from './route.ts';

/** Companies (SPEC section 7: GET and POST /companies; PATCH /companies/{id}). */
export const companies = group(at.companies, ['companies'], {
  list: {
    query: CompanyListQuery,
    responses: { 200: listOf(Company) },
    summary: "The licence's companies, a page at a time",
  },
  create: {
    body: CompanyInput,
    responses: { 200: Company, 201: Company },
    errors: ['forbidden'],
    summary: 'Create a company (200 with the existing one of that name)',
  },
  rename: {
    params: IdParams,
    body: CompanyInput,
    responses: { 200: Company },
    errors: ['not_found', 'forbidden', 'conflict'],
    summary: 'Rename a company',
  },
});

/** Tags (SPEC section 7: GET and POST /tags; PATCH and DELETE /tags/{id}). */
export const tags = group(at.tags, ['tags'], {
  list: {
    query: TagListQuery,
    responses: { 200: listOf(Tag) },
    summary: "The licence's tags, a page at a time",
  },
  create: {
    body: TagInput,
    responses: { 200: Tag, 201: Tag },
    errors: ['forbidden'],
    summary: 'Create a tag (200 with the existing one of that name)',
  },
  rename: {
    params: IdParams,
    body: TagInput,
    responses: { 200: Tag },
    errors: ['not_found', 'forbidden', 'conflict'],
    summary: 'Rename a tag (admins)',
  },
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
