import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call } from '../../api/call';
import { withErrorToast } from '../../api/notify-error';
import { i18n } from '../../i18n/i18n';
import { activityKeys, type CandidateEventKind } from './activity';

export type TimelineParams = { kinds: CandidateEventKind[]; jobApplicationId?: number | undefined };

/** GET /candidates/{id}/timeline, a page of 50 events before `before`; a failure toasts. */
export const getTimeline = (candidateId: number, params: TimelineParams, before?: number) =>
  withErrorToast(
    () =>
      call(routes.activity.timeline, {
        params: { id: candidateId },
        query: {
          ...(before === undefined ? {} : { before }),
          ...(params.kinds.length > 0 ? { kind: params.kinds.join(',') } : {}),
          ...(params.jobApplicationId === undefined ? {} : { jobApplicationId: params.jobApplicationId }),
        },
      }),
    i18n.t('activity.fetchFailed'),
  );

/** A candidate's timeline, newest first, a page at a time (keyset: `nextBefore`). */
export const useTimeline = (candidateId: number, params: TimelineParams) =>
  useInfiniteQuery({
    queryKey: activityKeys.timeline(candidateId, params),
    queryFn: ({ pageParam }) => getTimeline(candidateId, params, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });

/** GET /candidates/{id}/emails/{emailId}: one sent message with its body, fetched when opened. */
export const emailContentQueryOptions = (candidateId: number, emailId: number) =>
  queryOptions({
    queryKey: activityKeys.email(candidateId, emailId),
    queryFn: () =>
      withErrorToast(
        () => call(routes.activity.email, { params: { id: candidateId, emailId } }),
        i18n.t('activity.fetchFailed'),
      ),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useEmailContent = (candidateId: number, emailId: number, enabled: boolean) =>
  useQuery({ ...emailContentQueryOptions(candidateId, emailId), enabled });
