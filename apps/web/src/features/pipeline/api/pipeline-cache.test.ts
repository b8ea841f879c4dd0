import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { toCamelCase } from '../../../shared/api/case';
import type { Page } from '../../../shared/api/http-client';
import { jobApplicationKeys } from '../../../shared/resources/job-applications/job-application-keys';
import { jobOfferKeys } from '../../../shared/resources/job-offers/job-offer-keys';
import { wireApplications, wireJobOffer } from '../testing/wire-fixtures';
import type { JobApplication, JobOffer } from '../types';
import type { ColumnData } from './get-status-column';
import { moveLocally, removeLocally, restoreSnapshot, takeSnapshot } from './pipeline-cache';

const offer = toCamelCase(wireJobOffer()) as JobOffer;
const applications = toCamelCase(wireApplications) as JobApplication[];
const [ada, grace] = applications as [JobApplication, JobApplication, JobApplication];
const params = { page: 1, search: '', statusId: undefined };
const interview = { id: 12, name: 'Interview', color: 'f08c00' };

function cache() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(jobOfferKeys.detail(1), offer);
  queryClient.setQueryData<Page<JobOffer>>([...jobOfferKeys.lists(), { page: 1 }], {
    data: [offer],
    totalCount: 1,
  });
  queryClient.setQueryData<Page<JobApplication>>(jobApplicationKeys.page(1, params), {
    data: applications,
    totalCount: 3,
  });
  const column = (statusId: number): ColumnData => {
    const data = applications.filter((a) => a.statusId === statusId);
    return { pages: [{ data, totalCount: data.length }], pageParams: [1] };
  };
  queryClient.setQueryData(jobApplicationKeys.column(1, 11, ''), column(11));
  queryClient.setQueryData(jobApplicationKeys.column(1, 12, ''), column(12));
  return queryClient;
}
const counts = (queryClient: QueryClient) =>
  queryClient.getQueryData<JobOffer>(jobOfferKeys.detail(1))?.summary.statuses.map((s) => s.candidatesCount);
const column = (queryClient: QueryClient, statusId: number) =>
  queryClient.getQueryData<ColumnData>(jobApplicationKeys.column(1, statusId, ''))?.pages[0];

describe('the pipeline cache (SPEC section 4)', () => {
  it('a move: one down for the old status, one up for the new, on this screen and the index; the card changes column', () => {
    const queryClient = cache();
    moveLocally(queryClient, 1, ada, interview);
    expect(counts(queryClient)).toEqual([1, 2, 0]);
    expect(queryClient.getQueryData<JobOffer>(jobOfferKeys.detail(1))?.candidatesCount).toBe(3);
    const index = queryClient.getQueryData<Page<JobOffer>>([...jobOfferKeys.lists(), { page: 1 }]);
    expect(index?.data[0]?.summary.statuses.map((s) => s.candidatesCount)).toEqual([1, 2, 0]);
    const page = queryClient.getQueryData<Page<JobApplication>>(jobApplicationKeys.page(1, params));
    expect(page?.data[0]).toMatchObject({ id: ada.id, statusId: 12, status: interview });
    expect(column(queryClient, 11)).toMatchObject({ totalCount: 1 });
    expect(column(queryClient, 12)?.data.map((a) => a.id)).toEqual([ada.id, grace.id]);
    expect(column(queryClient, 12)?.totalCount).toBe(2);
  });

  it('a delete: the row and card go, the total and the status drop by one, never below 0', () => {
    const queryClient = cache();
    removeLocally(queryClient, 1, grace);
    expect(counts(queryClient)).toEqual([2, 0, 0]);
    expect(queryClient.getQueryData<JobOffer>(jobOfferKeys.detail(1))?.candidatesCount).toBe(2);
    expect(queryClient.getQueryData<Page<JobApplication>>(jobApplicationKeys.page(1, params))).toMatchObject({
      totalCount: 2,
    });
    expect(column(queryClient, 12)).toEqual({ data: [], totalCount: 0 });
    removeLocally(queryClient, 1, grace);
    expect(counts(queryClient)).toEqual([2, 0, 0]);
  });

  it('a snapshot puts everything back', () => {
    const queryClient = cache();
    const snapshot = takeSnapshot(queryClient, 1);
    moveLocally(queryClient, 1, ada, interview);
    restoreSnapshot(queryClient, snapshot);
    expect(counts(queryClient)).toEqual([2, 1, 0]);
    expect(column(queryClient, 12)?.data.map((a) => a.id)).toEqual([grace.id]);
  });
});
