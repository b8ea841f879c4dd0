import { useMutation } from '@tanstack/react-query';
import type { routes } from '@vivier/contract/routes';
import type { BodyOf } from '../../../shared/api/call';
import { cacheMutation } from '../../../shared/api/query-client';
import type { JobOffer } from '../types';
import { replaceJobOffer } from './job-offers-cache';
import { patchJobOffer } from './update-job-offer';

export type JobPostingFields = Omit<BodyOf<typeof routes.jobOffers.update>['jobOffer'], 'id'>;

/** PATCH /job_offers/{id} with the posting's fields (issue 23); the saved offer replaces its cached self. */
export const useSaveJobPosting = () =>
  useMutation(
    cacheMutation(
      ({ id, fields }: { id: number; fields: JobPostingFields }): Promise<JobOffer> =>
        patchJobOffer(id, fields),
      replaceJobOffer,
    ),
  );
