import { IdParams, listOf, NoContent } from '../common.ts';
import { JobOfferCopyInput, JobOfferCopyResult } from '../job-offer-copy.ts';
import {
  ExportStatusChangeInput,
  ExportStatusChangeResult,
  JobOfferExportQuery,
} from '../job-offer-export.ts';
import {
  JobOffer,
  JobOfferEmbedQuery,
  JobOfferInput,
  JobOfferListQuery,
  JobOfferPatch,
  JobOfferTagParams,
} from '../job-offers.ts';
import { addresses as at } from './addresses.ts';
import { route } from './route.ts';

const tags = ['job offers'];

/** Job offers (SPEC section 7), their copy and export (decisions 070, 071). */
export const jobOffers = {
  list: route(at.jobOffers.list, {
    query: JobOfferListQuery,
    responses: { 200: listOf(JobOffer) },
    errors: [],
    tags,
    summary: 'The job offers the caller sees, a page at a time',
  }),
  get: route(at.jobOffers.get, {
    params: IdParams,
    query: JobOfferEmbedQuery,
    responses: { 200: JobOffer },
    errors: ['not_found'],
    tags,
    summary: 'One job offer',
  }),
  create: route(at.jobOffers.create, {
    query: JobOfferEmbedQuery,
    body: JobOfferInput,
    responses: { 201: JobOffer },
    errors: ['forbidden', 'invalid_reference'],
    tags,
    summary: 'Create a job offer',
  }),
  update: route(at.jobOffers.update, {
    params: IdParams,
    query: JobOfferEmbedQuery,
    body: JobOfferPatch,
    responses: { 200: JobOffer },
    errors: ['not_found', 'forbidden', 'invalid_reference'],
    tags,
    summary: 'Change a job offer',
  }),
  remove: route(at.jobOffers.remove, {
    params: IdParams,
    responses: { 204: NoContent },
    errors: ['not_found', 'forbidden'],
    tags,
    summary: 'Delete a job offer and its applications',
  }),
  attachTag: route(at.jobOffers.attachTag, {
    params: JobOfferTagParams,
    query: JobOfferEmbedQuery,
    responses: { 200: JobOffer },
    errors: ['not_found', 'forbidden', 'invalid_reference'],
    tags,
    summary: 'Tag a job offer',
  }),
  detachTag: route(at.jobOffers.detachTag, {
    params: JobOfferTagParams,
    query: JobOfferEmbedQuery,
    responses: { 200: JobOffer },
    errors: ['not_found', 'forbidden'],
    tags,
    summary: 'Untag a job offer',
  }),
  copy: route(at.jobOffers.copy, {
    params: IdParams,
    query: JobOfferEmbedQuery,
    body: JobOfferCopyInput,
    responses: { 200: JobOfferCopyResult },
    errors: ['not_found', 'forbidden', 'invalid_reference', 'same_job_offer'],
    tags,
    summary: "Copy a job offer's candidates into another offer or a new one",
  }),
  export: route(at.jobOffers.export, {
    params: IdParams,
    query: JobOfferExportQuery,
    // The answer is a file stream (CSV or tab-separated text), not JSON: no response schema to serialize with;
    // its headers and columns are described in the contract (JobOfferExportQuery).
    responses: {},
    errors: ['not_found', 'forbidden'],
    tags,
    summary: "Export a job offer's applications as a file",
    description:
      'Streams the file (text/csv or text/tab-separated-values, UTF-8 with BOM); see docs/export-formats.md',
    produces: ['text/csv', 'text/tab-separated-values'],
  }),
  exportStatusChange: route(at.jobOffers.exportStatusChange, {
    params: IdParams,
    body: ExportStatusChangeInput,
    responses: { 200: ExportStatusChangeResult },
    errors: ['not_found', 'forbidden', 'invalid_reference'],
    tags,
    summary: 'Move the exported applications to a status',
  }),
};
