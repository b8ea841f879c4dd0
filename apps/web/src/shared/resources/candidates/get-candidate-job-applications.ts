import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { callAll } from '../../api/call';
import { withErrorToast } from '../../api/notify-error';
import { i18n } from '../../i18n/i18n';
import { type CandidateJobApplication, candidateKeys } from './candidate';

/**
 * GET /candidates/{id}/job_applications with the job offer and status embedded, every page merged; a failure
 * toasts 'The candidate data could not be fetched'.
 */
export const getCandidateJobApplications = (id: number): Promise<CandidateJobApplication[]> =>
  withErrorToast(
    () =>
      callAll(routes.candidates.jobApplications, {
        params: { id },
        query: { embed: ['job_offer', 'status'] },
      }),
    i18n.t('errors.candidateDataFetch'),
  );

export const candidateJobApplicationsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: candidateKeys.jobApplications(id),
    queryFn: () => getCandidateJobApplications(id),
  });

export const useCandidateJobApplications = (id: number | undefined) =>
  useQuery({ ...candidateJobApplicationsQueryOptions(id ?? 0), enabled: id !== undefined && id > 0 });
