import { IdParams, listOf, NoContent } from '../common.ts';
import { BulkCreateInput, BulkCreateResult } from '../job-application-bulk-create.ts';
import {
  JobApplicationEmbedQuery,
  JobApplicationListQuery,
  JobApplicationStatusInput,
  JobApplicationsMoved,
  JobApplicationsMoveQuery,
} from '../job-application-pipeline.ts';
import { JobApplication } from '../job-applications.ts';
import { addresses as at } from './addresses.ts';
import { route } from './route.ts';

const tags = ['job applications'];

/** A job offer's pipeline (SPEC section 7) and the candidate database's 'Add to job offer'. */
export const jobApplications = {
  listOfOffer: route(at.jobApplications.listOfOffer, {
    params: IdParams,
    query: JobApplicationListQuery,
    responses: { 200: listOf(JobApplication) },
    errors: ['not_found'],
    tags,
    summary: "A job offer's applications, a page at a time",
  }),
  moveAll: route(at.jobApplications.moveAll, {
    params: IdParams,
    query: JobApplicationsMoveQuery,
    body: JobApplicationStatusInput,
    responses: { 200: JobApplicationsMoved },
    errors: ['not_found', 'forbidden', 'invalid_reference'],
    tags,
    summary: "Move all of a job offer's applications, or those of one status, to a status",
  }),
  move: route(at.jobApplications.move, {
    params: IdParams,
    query: JobApplicationEmbedQuery,
    body: JobApplicationStatusInput,
    responses: { 200: JobApplication },
    errors: ['not_found', 'forbidden', 'invalid_reference'],
    tags,
    summary: 'Move an application to a status',
  }),
  remove: route(at.jobApplications.remove, {
    params: IdParams,
    responses: { 204: NoContent },
    errors: ['not_found', 'forbidden'],
    tags,
    summary: 'Remove a candidate from a job offer',
  }),
  bulkCreate: route(at.jobApplications.bulkCreate, {
    body: BulkCreateInput,
    responses: { 201: BulkCreateResult },
    errors: ['not_found', 'forbidden', 'invalid_reference'],
    tags,
    summary: 'Add candidates to a job offer at a status',
  }),
};
