import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { callPage } from '../../../shared/api/call';
import type { Page } from '../../../shared/api/http-client';
import { withErrorToast } from '../../../shared/api/notify-error';
import { i18n } from '../../../shared/i18n/i18n';
import { jobApplicationKeys } from '../../../shared/resources/job-applications/job-application-keys';
import { BOARD_COLUMN_PAGE, type JobApplication } from '../types';
import { APPLICATION_EMBED } from './get-job-applications';

export type ColumnData = InfiniteData<Page<JobApplication>, number>;

/**
 * One column of the board: GET /job_offers/{id}/job_applications?filters[with_status_id]=… page after page
 * ('Show more'); a failure toasts 'The job applications could not be fetched'.
 */
export const getStatusColumnPage = (
  jobOfferId: number,
  statusId: number,
  search: string,
  page: number,
): Promise<Page<JobApplication>> =>
  withErrorToast(
    () =>
      callPage(routes.jobApplications.listOfOffer, page, BOARD_COLUMN_PAGE, {
        params: { id: jobOfferId },
        query: {
          embed: APPLICATION_EMBED,
          filters: { withStatusId: statusId, search: search.trim() || undefined },
        },
      }),
    i18n.t('errors.applicationsFetch'),
  );

export const statusColumnQueryOptions = (jobOfferId: number, statusId: number, search: string) =>
  infiniteQueryOptions({
    queryKey: jobApplicationKeys.column(jobOfferId, statusId, search),
    queryFn: ({ pageParam }) => getStatusColumnPage(jobOfferId, statusId, search, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages, lastPageParam) =>
      pages.reduce((n, page) => n + page.data.length, 0) < last.totalCount ? lastPageParam + 1 : undefined,
  });

export const useStatusColumn = (jobOfferId: number, statusId: number, search: string) =>
  useInfiniteQuery(statusColumnQueryOptions(jobOfferId, statusId, search));
