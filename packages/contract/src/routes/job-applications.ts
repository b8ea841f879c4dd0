import { IdParams, listOf, NoContent } from '../common.ts';
import { BulkCreateInput, BulkCreateResult } from '../job-application-bulk-create.ts';
import {
  JobApplicationEmbedQuery,
  JobApplicationListQuery,
  JobApplicationStatusInput,
  JobApplicationsMoved,
  JobApplicationsMoveInput,
  JobApplicationsMoveQuery,
} from '../job-application-pipeline.ts';
import { JobApplication } from '../job-applications.ts';
import { addresses as at } from './addresses.ts';
import { group } from './route.ts';

/** A job offer's pipeline (SPEC section 7) and the candidate database's 'Add to job offer'. */
export const jobApplications = group(at.jobApplications, ['job applications'], {
  listOfOffer: {
    params: IdParams,
    query: JobApplicationListQuery,
    responses: { 200: listOf(JobApplication) },
    errors: ['not_found'],
    summary: "A job offer's applications, a page at a time",
  },
  moveAll: {
    params: IdParams,
    query: JobApplicationsMoveQuery,
    body: JobApplicationsMoveInput,
    responses: { 200: JobApplicationsMoved },
    errors: ['not_found', 'forbidden', 'invalid_reference'],
    summary: "Move all of a job offer's applications, or those of one status, to a status",
  },
  move: {
    params: IdParams,
    query: JobApplicationEmbedQuery,
    body: JobApplicationStatusInput,
    responses: { 200: JobApplication },
    errors: ['not_found', 'forbidden', 'invalid_reference'],
    summary: 'Move an application to a status',
  },
  remove: {
    params: IdParams,
    responses: { 204: NoContent },
    errors: ['not_found', 'forbidden'],
    summary: 'Remove a candidate from a job offer',
  },
  bulkCreate: {
    body: BulkCreateInput,
    responses: { 201: BulkCreateResult },
    errors: ['not_found', 'forbidden', 'invalid_reference'],
    summary: 'Add candidates to a job offer at a status',
  },
});
