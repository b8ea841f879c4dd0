import { z } from 'zod';
import { Id } from './common.ts';

/** The longest period a report covers: three years, so a weekly series stays a few hundred points. */
export const REPORT_MAX_DAYS = 1096;

export { REPORT_KINDS, type ReportKind } from './report-kinds.ts';

const ids = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(','))))
  .pipe(
    z
      .array(
        z
          .string()
          .regex(/^\d{1,10}$/, { error: 'must be ids' })
          .transform(Number)
          .pipe(z.number().int().positive().max(2_147_483_647)),
      )
      .max(100),
  );

const DAY_MS = 86_400_000;

/**
 * The filters every report takes (`GET /api/reports/{report}?…`): offers (`job_offer_ids=1,2`), their company,
 * a user who manages or is assigned to them, tags (any of them), and a period of days, `from` and `to`
 * included (ISO dates, UTC). Without a period: the last 90 days to today. `to` before `from`, or a period
 * over three years, is a 400.
 */
export const ReportQuery = z
  .strictObject({
    job_offer_ids: ids,
    company_id: Id.optional(),
    user_id: Id.optional(),
    tag_ids: ids,
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
  })
  .transform((q, ctx) => {
    const today = new Date().toISOString().slice(0, 10);
    const to = q.to ?? today;
    const from = q.from ?? new Date(Date.parse(to) - 89 * DAY_MS).toISOString().slice(0, 10);
    const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    else if (days > REPORT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'at most 3 years' });
    return { ...q, from, to };
  });
export type ReportQuery = z.input<typeof ReportQuery>;

const ReportStatus = z.object({ id: z.number(), name: z.string() });
const Days = z.number().nullable();

/** The period a report answered for, and the status read as the hire (the last of the pipeline not rejected). */
const Period = { from: z.string(), to: z.string(), hired_status: ReportStatus.nullable() };

/**
 * The funnel: the applications created in the period (a copy is a creation in its new offer), how many have
 * reached each status of the pipeline since (a status skipped on the way to a later one counts as reached;
 * moving back undoes nothing), the conversion to the next status (0 to 1) and the drop-off; how many of them
 * were rejected (decision 220).
 */
export const FunnelReport = z.object({
  ...Period,
  applications: z.number(),
  rejected: z.number(),
  stages: z.array(
    z.object({
      status: ReportStatus,
      reached: z.number(),
      conversion: z.number().nullable(),
      drop_off: z.number().nullable(),
    }),
  ),
});
export type FunnelReport = z.infer<typeof FunnelReport>;

/**
 * Time in stage: days spent in each status by the stays that began in the period and have ended (median and
 * 90th percentile, two decimals), and days from the application to the hire for hires in the period.
 */
export const TimeInStageReport = z.object({
  ...Period,
  stages: z.array(z.object({ status: ReportStatus, stays: z.number(), median_days: Days, p90_days: Days })),
  time_to_hire: z.object({ hires: z.number(), median_days: Days, p90_days: Days }),
});
export type TimeInStageReport = z.infer<typeof TimeInStageReport>;

/** Velocity: moves and new applications per week (Monday, UTC), hires per month, every week and month of the period. */
export const VelocityReport = z.object({
  ...Period,
  weeks: z.array(z.object({ week: z.string(), moves: z.number(), applications: z.number() })),
  months: z.array(z.object({ month: z.string(), hires: z.number() })),
});
export type VelocityReport = z.infer<typeof VelocityReport>;

/**
 * Sources: the applications created in the period per source (`careers_page`, a `utm_source`, `copy`,
 * `import`, `cv`, `manual`) and how many of them were hired since.
 */
export const SourcesReport = z.object({
  ...Period,
  sources: z.array(z.object({ source: z.string(), applications: z.number(), hires: z.number() })),
});
export type SourcesReport = z.infer<typeof SourcesReport>;

/** Rejections in the period: per reason (null: free text only) and per status rejected from (null: none). */
export const RejectionReasonsReport = z.object({
  ...Period,
  total: z.number(),
  reasons: z.array(z.object({ reason: z.string().nullable(), count: z.number() })),
  from_statuses: z.array(z.object({ status: ReportStatus.nullable(), count: z.number() })),
});
export type RejectionReasonsReport = z.infer<typeof RejectionReasonsReport>;

/** Team activity: moves, notes and emails per user (null: a deleted user) per week. */
export const TeamActivityReport = z.object({
  ...Period,
  rows: z.array(
    z.object({
      week: z.string(),
      user: ReportStatus.nullable(),
      moves: z.number(),
      notes: z.number(),
      emails: z.number(),
    }),
  ),
});
export type TeamActivityReport = z.infer<typeof TeamActivityReport>;
