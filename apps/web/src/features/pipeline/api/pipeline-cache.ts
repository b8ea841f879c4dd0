import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Page } from '../../../shared/api/http-client';
import { refetchAfterWrite } from '../../../shared/api/query-client';
import { type Candidate, candidateKeys } from '../../../shared/resources/candidates/candidate';
import { jobApplicationKeys } from '../../../shared/resources/job-applications/job-application-keys';
import { jobOfferKeys } from '../../../shared/resources/job-offers/job-offer-keys';
import type { JobApplication, JobOffer, PipelineStatus } from '../types';
import type { ColumnData } from './get-status-column';

/**
 * The local side of the pipeline's writes (SPEC section 4, "Job application status" and "Delete candidate from a
 * job offer"): the rows, the board's columns and the offer's counts change at once, before the server answers;
 * the snapshot puts them back if it refuses.
 */
export type Snapshot = [QueryKey, unknown][];

export function takeSnapshot(queryClient: QueryClient, jobOfferId: number): Snapshot {
  return [
    ...queryClient.getQueriesData({ queryKey: jobApplicationKeys.offer(jobOfferId) }),
    ...queryClient.getQueriesData({ queryKey: jobOfferKeys.detail(jobOfferId) }),
    ...queryClient.getQueriesData({ queryKey: jobOfferKeys.lists() }),
  ];
}

export function restoreSnapshot(queryClient: QueryClient, snapshot: Snapshot): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}

type CountChange = { statusId: number | null; by: number };

/** The offer with its per-status counts and total moved by `changes`; a count never goes below 0. */
export function adjustCounts(offer: JobOffer, changes: CountChange[], totalBy = 0): JobOffer {
  const by = (id: number) => changes.filter((c) => c.statusId === id).reduce((n, c) => n + c.by, 0);
  return {
    ...offer,
    candidatesCount: Math.max(0, offer.candidatesCount + totalBy),
    summary: {
      ...offer.summary,
      statuses: offer.summary.statuses.map((status) => ({
        ...status,
        candidatesCount: Math.max(0, status.candidatesCount + by(status.id)),
      })),
    },
  };
}

/**
 * "After the update the job offer summary is saved" (SPEC section 4): the adjusted offer is written wherever it is
 * cached (this screen, and the index's cards), until the server's own counts come back (docs/decisions/051).
 */
export function saveSummary(
  queryClient: QueryClient,
  jobOfferId: number,
  update: (offer: JobOffer) => JobOffer,
) {
  queryClient.setQueryData<JobOffer>(jobOfferKeys.detail(jobOfferId), (offer) => offer && update(offer));
  queryClient.setQueriesData<Page<JobOffer>>({ queryKey: jobOfferKeys.lists() }, (page) =>
    page?.data ? { ...page, data: page.data.map((o) => (o.id === jobOfferId ? update(o) : o)) } : page,
  );
}

const mapPages = (
  queryClient: QueryClient,
  jobOfferId: number,
  update: (page: Page<JobApplication>) => Page<JobApplication>,
) =>
  queryClient.setQueriesData<Page<JobApplication>>(
    { queryKey: jobApplicationKeys.pages(jobOfferId) },
    (p) => p && update(p),
  );

/** A column without the application (its total one down when it was there). */
function withoutCard(column: ColumnData, applicationId: number): ColumnData {
  const had = column.pages.some((page) => page.data.some((a) => a.id === applicationId));
  if (!had) return column;
  return {
    ...column,
    pages: column.pages.map((page) => ({
      data: page.data.filter((a) => a.id !== applicationId),
      totalCount: Math.max(0, page.totalCount - 1),
    })),
  };
}

/** A column with the application first: a move bumps the candidate, who is then the most recently changed. */
function withCardFirst(column: ColumnData, application: JobApplication): ColumnData {
  return {
    ...column,
    pages: column.pages.map((page, i) => ({
      data: i === 0 ? [application, ...page.data] : page.data,
      totalCount: page.totalCount + 1,
    })),
  };
}

function mapColumns(
  queryClient: QueryClient,
  jobOfferId: number,
  update: (column: ColumnData, statusId: number) => ColumnData,
) {
  for (const [key, column] of queryClient.getQueriesData<ColumnData>({
    queryKey: jobApplicationKeys.columns(jobOfferId),
  })) {
    const statusId = key[3];
    if (column && typeof statusId === 'number') queryClient.setQueryData(key, update(column, statusId));
  }
}

/** A status move, shown at once: the row's switcher, the card's column, one down / one up in the counts. */
export function moveLocally(
  queryClient: QueryClient,
  jobOfferId: number,
  application: JobApplication,
  status: PipelineStatus,
): void {
  const moved: JobApplication = { ...application, statusId: status.id, status };
  mapPages(queryClient, jobOfferId, (page) => ({
    ...page,
    data: page.data.map((a) => (a.id === application.id ? moved : a)),
  }));
  mapColumns(queryClient, jobOfferId, (column, statusId) => {
    const without = withoutCard(column, application.id);
    return statusId === status.id ? withCardFirst(without, moved) : without;
  });
  saveSummary(queryClient, jobOfferId, (offer) =>
    adjustCounts(offer, [
      { statusId: application.statusId, by: -1 },
      { statusId: status.id, by: 1 },
    ]),
  );
}

/**
 * The application as the server answered a write, in place wherever it shows (the list keeps its order, a board
 * card its column): its card's last activity and notes count (issue 21) are then the server's.
 */
export function saveLocally(queryClient: QueryClient, jobOfferId: number, saved: JobApplication): void {
  const swap = (page: Page<JobApplication>) =>
    page.data.some((a) => a.id === saved.id)
      ? { ...page, data: page.data.map((a) => (a.id === saved.id ? saved : a)) }
      : page;
  mapPages(queryClient, jobOfferId, swap);
  mapColumns(queryClient, jobOfferId, (column) => ({ ...column, pages: column.pages.map(swap) }));
}

/** A candidate taken out of the offer, shown at once: the row and card go, the count and its status drop by one. */
export function removeLocally(
  queryClient: QueryClient,
  jobOfferId: number,
  application: JobApplication,
): void {
  mapPages(queryClient, jobOfferId, (page) =>
    page.data.some((a) => a.id === application.id)
      ? {
          data: page.data.filter((a) => a.id !== application.id),
          totalCount: Math.max(0, page.totalCount - 1),
        }
      : page,
  );
  mapColumns(queryClient, jobOfferId, (column) => withoutCard(column, application.id));
  saveSummary(queryClient, jobOfferId, (offer) =>
    adjustCounts(offer, [{ statusId: application.statusId, by: -1 }], -1),
  );
}

/** A candidate changed in the panel shows in its row and card, which keep their place until the next fetch. */
export function replaceCandidateInPipeline(
  queryClient: QueryClient,
  jobOfferId: number,
  candidate: Candidate,
) {
  const swap = (a: JobApplication) => (a.candidateId === candidate.id ? { ...a, candidate } : a);
  mapPages(queryClient, jobOfferId, (page) => ({ ...page, data: page.data.map(swap) }));
  mapColumns(queryClient, jobOfferId, (column) => ({
    ...column,
    pages: column.pages.map((page) => ({ ...page, data: page.data.map(swap) })),
  }));
}

/**
 * After a write the server has the last word: the offer's counts and the board are fetched again; the list's
 * pages are only marked stale, so the row a person just changed does not jump away under their eyes.
 */
export function refreshAfterWrite(
  queryClient: QueryClient,
  jobOfferId: number,
  candidateId: number,
  pages: 'keep' | 'refetch',
) {
  return Promise.all([
    refetchAfterWrite(queryClient, { queryKey: jobOfferKeys.detail(jobOfferId) }),
    refetchAfterWrite(queryClient, { queryKey: jobOfferKeys.lists(), refetchType: 'none' }),
    refetchAfterWrite(queryClient, {
      queryKey: jobApplicationKeys.pages(jobOfferId),
      ...(pages === 'keep' ? { refetchType: 'none' as const } : {}),
    }),
    refetchAfterWrite(queryClient, { queryKey: jobApplicationKeys.columns(jobOfferId) }),
    refetchAfterWrite(queryClient, { queryKey: candidateKeys.jobApplications(candidateId) }),
  ]);
}
