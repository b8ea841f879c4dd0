import { useMutation } from '@tanstack/react-query';
import type { BulkCreateResult } from '@vivier/contract';
import { routes } from '@vivier/contract/routes';
import type { BodyOf } from '../../api/call';
import type { Camelize } from '../../api/case';
import { callOrToast } from '../../api/notify-error';
import { invalidatingMutation } from '../../api/query-client';
import { candidateKeys } from '../candidates/candidate';
import { jobOfferKeys } from '../job-offers/job-offer-keys';

export type BulkCreateRequest = BodyOf<typeof routes.jobApplications.bulkCreate>;

/**
 * POST /job_applications/bulk_create `{job_offer_id, status_id, candidates_ids}` (SPEC section 7): answers how
 * many were added and which were already in the offer. A failure toasts the generic 'Error during the process'.
 */
export const bulkCreateApplications = (request: BulkCreateRequest): Promise<Camelize<BulkCreateResult>> =>
  callOrToast(routes.jobApplications.bulkCreate, { body: request }, 'errors.generic');

/** The mutation; job offers (their counts) and candidates (their order) are refetched after it. */
export const useBulkCreateApplications = () =>
  useMutation(invalidatingMutation(bulkCreateApplications, jobOfferKeys.all, candidateKeys.all));
