import { CandidateInput } from '../candidate-create.ts';
import { CandidatePatch, CandidateTagParams, ContactInput, ContactRef } from '../candidate-edits.ts';
import { ImportQuery } from '../candidate-import.ts';
import {
  CandidateSearchPage,
  CandidateSearchQuery,
  CandidateSourceList,
  RequestedIdsHeaders,
} from '../candidate-search.ts';
import { Candidate } from '../candidates.ts';
import { IdParams, listOf } from '../common.ts';
import { CandidateEmailListQuery, RecordedEmail } from '../email-sending.ts';
import { CandidateJobApplicationsQuery } from '../job-application-pipeline.ts';
import { JobApplication } from '../job-applications.ts';
import { addresses as at } from './addresses.ts';
import { group } from './route.ts';

/** The candidate database (SPEC sections 2, 5 and 7): search, create, import, one candidate and its parts. */
export const candidates = group(at.candidates, ['candidates'], {
  search: {
    query: CandidateSearchQuery,
    responses: { 200: CandidateSearchPage },
    errors: ['invalid_tag_expression'],
    summary: 'Search candidates by text and a tag expression, a page at a time',
  },
  byIds: {
    headers: RequestedIdsHeaders,
    responses: { 200: listOf(Candidate) },
    errors: ['bad_request'],
    summary: 'The candidates the X-Requested-Ids header names, in its order',
  },
  create: {
    body: CandidateInput,
    responses: { 201: Candidate },
    errors: ['duplicate_candidate', 'credits_exhausted', 'invalid_reference'],
    summary: 'Create a candidate (spends a credit)',
  },
  import: {
    query: ImportQuery,
    // The body is the CSV file itself and the answer NDJSON lines: neither is JSON to validate or serialize.
    responses: {},
    errors: ['bad_request', 'payload_too_large'],
    summary: 'Import a CSV file of candidates',
    description:
      'Answers 200 application/x-ndjson: ImportBatchLine per committed batch, then ImportDoneLine (or ImportErrorLine).',
    consumes: ['text/csv'],
  },
  get: {
    params: IdParams,
    responses: { 200: Candidate },
    errors: ['not_found'],
    summary: 'One candidate',
  },
  update: {
    params: IdParams,
    body: CandidatePatch,
    responses: { 200: Candidate },
    errors: ['not_found'],
    summary: "Change a candidate's manual data and details",
  },
  jobApplications: {
    params: IdParams,
    query: CandidateJobApplicationsQuery,
    responses: { 200: listOf(JobApplication) },
    errors: ['not_found'],
    summary: "A candidate's job applications, a page at a time",
  },
  addContact: {
    params: IdParams,
    body: ContactInput,
    responses: { 200: Candidate },
    errors: ['not_found', 'conflict'],
    summary: 'Add an email or a phone to a candidate',
  },
  deleteContact: {
    params: IdParams,
    body: ContactRef,
    responses: { 200: Candidate },
    errors: ['not_found'],
    summary: "Remove one of a candidate's emails or phones",
  },
  setPrimaryContact: {
    params: IdParams,
    body: ContactRef,
    responses: { 200: Candidate },
    errors: ['not_found'],
    summary: "Make one of a candidate's emails or phones the primary one",
  },
  attachTag: {
    params: CandidateTagParams,
    responses: { 200: Candidate },
    errors: ['not_found', 'invalid_reference'],
    summary: 'Tag a candidate',
  },
  detachTag: {
    params: CandidateTagParams,
    responses: { 200: Candidate },
    errors: ['not_found'],
    summary: 'Untag a candidate',
  },
  emails: {
    params: IdParams,
    query: CandidateEmailListQuery,
    responses: { 200: listOf(RecordedEmail) },
    errors: ['not_found'],
    tags: ['email sending'],
    summary: 'The messages sent to a candidate, a page at a time',
  },
  sources: {
    responses: { 200: CandidateSourceList },
    summary: "The sources of the licence's job applications, with how many candidates came through each",
  },
});
