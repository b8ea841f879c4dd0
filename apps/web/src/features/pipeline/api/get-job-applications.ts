import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { callPage } from '../../../shared/api/call';
import type { Page } from '../../../shared/api/http-client';
import { withErrorToast } from '../../../shared/api/notify-error';
import { i18n } from '../../../shared/i18n/i18n';
import { jobApplicationKeys } from '../../../shared/resources/job-applications/job-application-keys';
import { APPLICATIONS_PER_PAGE, type ApplicationListParams, type JobApplication } from '../types';

/** Every list of the screen shows the candidate and the status of each application. */
export const APPLICATION_EMBED = ['status', 'candidate', 'activity'];

/**
 * GET /job_offers/{id}/job_applications: one page for the screen's filters, the most recently changed
 * candidates first; a failure toasts 'The job applications could not be fetched'.
 */
export const getJobApplications = (
  jobOfferId: number,
  params: ApplicationListParams,
): Promise<Page<JobApplication>> =>
  withErrorToast(
    () =>
      callPage(routes.jobApplications.listOfOffer, params.page, APPLICATIONS_PER_PAGE, {
        params: { id: jobOfferId },
        query: {
          embed: APPLICATION_EMBED,
          filters: { withStatusId: params.statusId, search: params.search.trim() || undefined },
        },
      }),
    i18n.t('errors.applicationsFetch'),
  );

export const jobApplicationsQueryOptions = (jobOfferId: number, params: ApplicationListParams) =>
  queryOptions({
    queryKey: jobApplicationKeys.page(jobOfferId, params),
    queryFn: () => getJobApplications(jobOfferId, params),
  });

/** The page keeps showing while the next one loads ("a fetch is ignored while another runs": one per key). */
export const useJobApplications = (jobOfferId: number, params: ApplicationListParams, enabled = true) =>
  useQuery({
    ...jobApplicationsQueryOptions(jobOfferId, params),
    placeholderData: keepPreviousData,
    enabled,
  });
