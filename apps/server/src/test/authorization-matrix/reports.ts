import { fresh, type Row, readOnRecord } from './world.ts';

const reportOfOffer = (report: string) => ({
  request: async () => ({ url: `/api/reports/${report}?job_offer_ids=${await fresh.offer()}` }),
  expect: readOnRecord,
});

/**
 * The authorization matrix's rows of the reports (issue 26, decision 201): every user of the licence reads
 * them, the read-only level too; an offer of another licence is a 404 to its users.
 */
export const REPORT_ROWS: Record<string, Row> = {
  'GET /api/reports/funnel': reportOfOffer('funnel'),
  'GET /api/reports/time_in_stage': reportOfOffer('time_in_stage'),
  'GET /api/reports/velocity': reportOfOffer('velocity'),
  'GET /api/reports/sources': reportOfOffer('sources'),
  'GET /api/reports/rejection_reasons': reportOfOffer('rejection_reasons'),
  'GET /api/reports/team_activity': reportOfOffer('team_activity'),
};
