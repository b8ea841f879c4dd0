import { useQuery } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call } from '../../api/call';
import { withErrorToast } from '../../api/notify-error';
import { i18n } from '../../i18n/i18n';
import { type Interview, interviewKeys } from './interview';

/** GET /job_applications/{id}/interviews, by start time. */
export const getApplicationInterviews = async (applicationId: number): Promise<Interview[]> =>
  (
    await withErrorToast(
      () => call(routes.interviews.listOfApplication, { params: { id: applicationId } }),
      i18n.t('errors.interviewsFetch'),
    )
  ).data;

export const useApplicationInterviews = (applicationId: number | undefined) =>
  useQuery({
    queryKey: interviewKeys.application(applicationId ?? 0),
    queryFn: () => getApplicationInterviews(applicationId ?? 0),
    enabled: applicationId !== undefined,
  });

/** GET /interviews?from=&to=&mine=: the week view's window. */
export const getWeekInterviews = async (params: { from: string; to: string; mine: boolean }) =>
  (
    await withErrorToast(
      () =>
        call(routes.interviews.week, {
          query: { from: params.from, to: params.to, mine: params.mine ? 'true' : 'false' },
        }),
      i18n.t('errors.interviewsFetch'),
    )
  ).data;

export const useWeekInterviews = (params: { from: string; to: string; mine: boolean }) =>
  useQuery({ queryKey: interviewKeys.week(params), queryFn: () => getWeekInterviews(params) });
