/** The reports of issue 26 (decision 201), one route each, without zod (`@vivier/contract/report-kinds`). */
export const REPORT_KINDS = [
  'funnel',
  'time_in_stage',
  'velocity',
  'sources',
  'rejection_reasons',
  'team_activity',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
