import { dataOf, IdParams, listOf, NoContent } from '../common.ts';
import { Company, CompanyInput, CompanyListQuery } from '../companies.ts';
import { Status, StatusCreateBody, StatusDeleteQuery, StatusPatchBody } from '../statuses.ts';
import { Tag, TagInput, TagListQuery } from '../tags.ts';
import { addresses as at } from './addresses.ts';
import { route } from './route.ts';

/** Companies (SPEC section 7: GET and POST /companies; PATCH /companies/{id}). */
export const companies = {
  list: route(at.companies.list, {
    query: CompanyListQuery,
    responses: { 200: listOf(Company) },
    errors: [],
    tags: ['companies'],
    summary: "The licence's companies, a page at a time",
  }),
  create: route(at.companies.create, {
    body: CompanyInput,
    responses: { 200: Company, 201: Company },
    errors: ['forbidden'],
    tags: ['companies'],
    summary: 'Create a company (200 with the existing one of that name)',
  }),
  rename: route(at.companies.rename, {
    params: IdParams,
    body: CompanyInput,
    responses: { 200: Company },
    errors: ['not_found', 'forbidden', 'conflict'],
    tags: ['companies'],
    summary: 'Rename a company',
  }),
};

/** Tags (SPEC section 7: GET and POST /tags; PATCH and DELETE /tags/{id}). */
export const tags = {
  list: route(at.tags.list, {
    query: TagListQuery,
    responses: { 200: listOf(Tag) },
    errors: [],
    tags: ['tags'],
    summary: "The licence's tags, a page at a time",
  }),
  create: route(at.tags.create, {
    body: TagInput,
    responses: { 200: Tag, 201: Tag },
    errors: ['forbidden'],
    tags: ['tags'],
    summary: 'Create a tag (200 with the existing one of that name)',
  }),
  rename: route(at.tags.rename, {
    params: IdParams,
    body: TagInput,
    responses: { 200: Tag },
    errors: ['not_found', 'forbidden', 'conflict'],
    tags: ['tags'],
    summary: 'Rename a tag (admins)',
  }),
  remove: route(at.tags.remove, {
    params: IdParams,
    responses: { 204: NoContent },
    errors: ['not_found', 'forbidden'],
    tags: ['tags'],
    summary: 'Delete a tag everywhere (admins)',
  }),
};

/** The pipeline (SPEC section 7: GET and POST /statuses; PATCH and DELETE /statuses/{id}). */
export const statuses = {
  list: route(at.statuses.list, {
    responses: { 200: dataOf(Status) },
    errors: [],
    tags: ['statuses'],
    summary: "The licence's pipeline, by index",
  }),
  create: route(at.statuses.create, {
    body: StatusCreateBody,
    responses: { 201: Status },
    errors: ['forbidden', 'too_many_statuses'],
    tags: ['statuses'],
    summary: 'Add a status at the end of the pipeline (admins)',
  }),
  update: route(at.statuses.update, {
    params: IdParams,
    body: StatusPatchBody,
    responses: { 200: Status },
    errors: ['not_found', 'forbidden', 'invalid_reference'],
    tags: ['statuses'],
    summary: 'Rename, recolour or move a status (admins)',
  }),
  remove: route(at.statuses.remove, {
    params: IdParams,
    query: StatusDeleteQuery,
    responses: { 204: NoContent },
    errors: ['not_found', 'forbidden', 'conflict', 'status_in_use', 'invalid_reference'],
    tags: ['statuses'],
    summary: 'Delete a status, moving its applications with ?move_to (admins)',
  }),
};
