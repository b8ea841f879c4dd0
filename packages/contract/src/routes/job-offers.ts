import { IdParams, listOf, NoContent } from '../common.ts';
import { JobOfferCopyInput, JobOfferCopyResult } from '../job-offer-copy.ts';
import {
  ExportStatusChangeInput,
  ExportStatusChangeResult,
  JobOfferExportQuery,
} from '../job-offer-export.ts';
import { JobOfferQuestions, JobOfferQuestionsInput } from '../job-offer-questions.ts';
import {
  JobOffer,
  JobOfferEmbedQuery,
  JobOfferInput,
  JobOfferListQuery,
  JobOfferPatch,
  JobOfferTagParams,
} from '../job-offers.ts';
import { addresses as at } from './addresses.ts';
import { group } from './route.ts';

/** Job offers (SPEC section 7), their copy and export (decisions 070, 071). */
export const jobOffers = group(at.jobOffers, ['job offers'], {
  list: {
    query: JobOfferListQuery,
    responses: { 200: listOf(JobOffer) },
    summary: 'The job offers the caller sees, a page at a time',
  },
  get: {
    params: IdParams,
    query: JobOfferEmbedQuery,
    responses: { 200: JobOffer },
    errors: ['not_found'],
    summary: 'One job offer',
  },
  create: {
    query: JobOfferEmbedQuery,
    body: JobOfferInput,
    responses: { 201: JobOffer },
    errors: ['forbidden', 'invalid_reference', 'conflict'],
    summary: 'Create a job offer',
  },
  update: {
    params: IdParams,
    query: JobOfferEmbedQuery,
    body: JobOfferPatch,
    responses: { 200: JobOffer },
    errors: ['not_found', 'forbidden', 'invalid_reference', 'conflict'],
    summary: 'Change a job offer',
  },
  remove: {
    params: IdParams,
    responses: { 204: NoContent },
    errors: ['not_found', 'forbidden'],
    summary: 'Delete a job offer and its applications',
  },
  attachTag: {
    params: JobOfferTagParams,
    query: JobOfferEmbedQuery,
    responses: { 200: JobOffer },
    errors: ['not_found', 'forbidden', 'invalid_reference'],
    summary: 'Tag a job offer',
  },
  detachTag: {
    params: JobOfferTagParams,
    query: JobOfferEmbedQuery,
    responses: { 200: JobOffer },
    errors: ['not_found', 'forbidden'],
    summary: 'Untag a job offer',
  },
  copy: {
    params: IdParams,
    query: JobOfferEmbedQuery,
    body: JobOfferCopyInput,
    responses: { 200: JobOfferCopyResult },
    errors: ['not_found', 'forbidden', 'invalid_reference', 'same_job_offer'],
    summary: "Copy a job offer's candidates into another offer or a new one",
  },
  export: {
    params: IdParams,
    query: JobOfferExportQuery,
    // The answer is a file stream (CSV or tab-separated text), not JSON: no response schema to serialize with;
    // its headers and columns are described in the contract (JobOfferExportQuery).
    responses: {},
    errors: ['not_found', 'forbidden'],
    summary: "Export a job offer's applications as a file",
    description:
      'Streams the file (text/csv or text/tab-separated-values, UTF-8 with BOM); see docs/export-formats.md',
    produces: ['text/csv', 'text/tab-separated-values'],
  },
  exportStatusChange: {
    params: IdParams,
    body: ExportStatusChangeInput,
    responses: { 200: ExportStatusChangeResult },
    errors: ['not_found', 'forbidden', 'invalid_reference'],
    summary: 'Move the exported applications to a status',
  },
  questions: {
    params: IdParams,
    responses: { 200: JobOfferQuestions },
    errors: ['not_found'],
    summary: "The questions of an offer's apply form, in order",
  },
  saveQuestions: {
    params: IdParams,
    body: JobOfferQuestionsInput,
    responses: { 200: JobOfferQuestions },
    errors: ['not_found', 'forbidden', 'invalid_reference'],
    summary: "Replace the questions of an offer's apply form (the whole ordered list)",
  },
});
