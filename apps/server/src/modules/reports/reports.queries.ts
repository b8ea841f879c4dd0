import { type ReportKind, ReportQuery } from '@vivier/contract';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../../http/caller.ts';
import { sourcesReport, velocityReport } from './flow.queries.ts';
import { funnelReport, timeInStageReport } from './funnel.queries.ts';
import { type ReportFilter, reportScope, withReportMemory } from './report-scope.ts';
import { rejectionReasonsReport, teamActivityReport } from './team.queries.ts';

/** Each report's statements, by the name its route has (decision 201). */
export const REPORTS = {
  funnel: funnelReport,
  time_in_stage: timeInStageReport,
  velocity: velocityReport,
  sources: sourcesReport,
  rejection_reasons: rejectionReasonsReport,
  team_activity: teamActivityReport,
} as const;

/**
 * One report for a caller and validated filters: the scope (the 404 of a hidden offer), then its statements,
 * in one read transaction with room to hash and sort a year of facts in memory.
 */
export async function runReport<K extends ReportKind>(
  db: Db,
  caller: Caller,
  report: K,
  filter: ReportFilter,
) {
  const scope = await reportScope(db, caller, filter);
  return (await withReportMemory<unknown>(db, (tx) => REPORTS[report](tx, scope))) as Awaited<
    ReturnType<(typeof REPORTS)[K]>
  >;
}

/** The filters of a query string as the route validates them (the bench's calls build theirs with it). */
export const reportFilter = (query: ReportQuery) => ReportQuery.parse(query);
