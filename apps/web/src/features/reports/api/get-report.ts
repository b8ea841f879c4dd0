import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call } from '../../../shared/api/call';
import { withErrorToast } from '../../../shared/api/notify-error';
import { i18n } from '../../../shared/i18n/i18n';
import { reportKeys } from '../../../shared/resources/reports/report';
import type { ReportFilters } from '../report-filters';

/** The filters as the contract's query: lists comma-joined, only those set. */
export function reportQuery(filters: ReportFilters) {
  return {
    from: filters.from,
    to: filters.to,
    ...(filters.offers.length > 0 ? { jobOfferIds: filters.offers.join(',') } : {}),
    ...(filters.tags.length > 0 ? { tagIds: filters.tags.join(',') } : {}),
    ...(filters.company ? { companyId: Number(filters.company) } : {}),
    ...(filters.user ? { userId: Number(filters.user) } : {}),
  };
}

/** Each report's call: `GET /reports/{report}` with the screen's filters. */
const fetchers = {
  funnel: (f: ReportFilters) => call(routes.reports.funnel, { query: reportQuery(f) }),
  time_in_stage: (f: ReportFilters) => call(routes.reports.timeInStage, { query: reportQuery(f) }),
  velocity: (f: ReportFilters) => call(routes.reports.velocity, { query: reportQuery(f) }),
  sources: (f: ReportFilters) => call(routes.reports.sources, { query: reportQuery(f) }),
  rejection_reasons: (f: ReportFilters) => call(routes.reports.rejectionReasons, { query: reportQuery(f) }),
  team_activity: (f: ReportFilters) => call(routes.reports.teamActivity, { query: reportQuery(f) }),
};
export type ReportName = keyof typeof fetchers;
export type ReportOf<N extends ReportName> = Awaited<ReturnType<(typeof fetchers)[N]>>;

/** One report for the filters; the previous answer stays on screen while the next loads. */
export const useReport = <N extends ReportName>(report: N, filters: ReportFilters) =>
  useQuery({
    queryKey: reportKeys.report(report, filters),
    queryFn: () =>
      withErrorToast(() => fetchers[report](filters) as Promise<ReportOf<N>>, i18n.t('reports.fetchError')),
    placeholderData: keepPreviousData,
  });
