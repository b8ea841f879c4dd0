import {
  FunnelReport,
  RejectionReasonsReport,
  ReportQuery,
  SourcesReport,
  TeamActivityReport,
  TimeInStageReport,
  VelocityReport,
} from '../reports.ts';
import { addresses as at } from './addresses.ts';
import { group } from './route.ts';

const description =
  'Over the offers the caller sees, narrowed by `job_offer_ids`, `company_id`, `user_id` (manages or is ' +
  'assigned), `tag_ids` (any), for the days `from`..`to` (UTC, both included; default the last 90 days). ' +
  'An offer the caller cannot see is a 404.';
const common = { query: ReportQuery, errors: ['not_found'] as const, description };

/** The reports (issue 26, decision 201): read by every user of the licence, over the offers they see. */
export const reports = group(at.reports, ['reports'], {
  funnel: {
    ...common,
    responses: { 200: FunnelReport },
    summary: 'How many applications reached each status, the conversion and the drop-off',
  },
  timeInStage: {
    ...common,
    responses: { 200: TimeInStageReport },
    summary: 'Median and 90th percentile days spent in each status, and from application to hire',
  },
  velocity: {
    ...common,
    responses: { 200: VelocityReport },
    summary: 'Moves and new applications per week, hires per month',
  },
  sources: {
    ...common,
    responses: { 200: SourcesReport },
    summary: 'Applications and hires per source',
  },
  rejectionReasons: {
    ...common,
    responses: { 200: RejectionReasonsReport },
    summary: 'Rejections per reason and per status rejected from',
  },
  teamActivity: {
    ...common,
    responses: { 200: TeamActivityReport },
    summary: 'Moves, notes and emails per user per week',
  },
});
