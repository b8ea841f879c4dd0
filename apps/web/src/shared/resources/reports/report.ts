import type {
  FunnelReport as WireFunnel,
  RejectionReasonsReport as WireRejections,
  SourcesReport as WireSources,
  TeamActivityReport as WireTeamActivity,
  TimeInStageReport as WireTimeInStage,
  VelocityReport as WireVelocity,
} from '@vivier/contract';
import type { Camelize } from '../../api/case';

/** The reports (issue 26, decision 201) as the app sees them. Only the Reports screen reads them. */
export type FunnelReport = Camelize<WireFunnel>;
export type TimeInStageReport = Camelize<WireTimeInStage>;
export type VelocityReport = Camelize<WireVelocity>;
export type SourcesReport = Camelize<WireSources>;
export type RejectionReasonsReport = Camelize<WireRejections>;
export type TeamActivityReport = Camelize<WireTeamActivity>;

/** The reports' cache keys: one per report and set of filters (decision 161). */
export const reportKeys = {
  all: ['reports'] as const,
  report: <Filters>(report: string, filters: Filters) => ['reports', report, filters] as const,
};
