import { z } from 'zod';
import { RetentionAction, RetentionMonths } from './settings.ts';

/**
 * A candidate of `GET /api/retention/due` (issue 24, decision 195): `last_activity_at` (their latest change,
 * event, application change, note or consent) plus the licence's months gives `due_at`; the data goes on
 * `erase_at`, which is `due_at`, or 30 days after the mail offering to keep it (`notice_at`) when that came
 * later. `has_email`: whether the mail can be sent.
 */
export const RetentionDueCandidate = z.object({
  candidate_id: z.number(),
  name: z.string(),
  has_email: z.boolean(),
  last_activity_at: z.string(),
  due_at: z.string(),
  erase_at: z.string(),
  notice_at: z.string().nullable(),
});
export type RetentionDueCandidate = z.infer<typeof RetentionDueCandidate>;

/**
 * `GET /api/retention/due` (admins): the licence's retention settings and the candidates whose data goes
 * within 60 days or is overdue, soonest first (at most 500); excluded candidates are not listed. Empty when
 * `months` is `off`.
 */
export const RetentionDueList = z.object({
  months: RetentionMonths,
  action: RetentionAction,
  data: z.array(RetentionDueCandidate),
});
export type RetentionDueList = z.infer<typeof RetentionDueList>;

/**
 * `POST /api/retention/exclusions` (admins): takes a candidate of the licence out of retention, with the
 * reason (1 to 500 characters); a second one replaces the reason. Audited `retention.exclude`. A candidate of
 * no candidate of the licence is a 404.
 */
export const RetentionExclusionBody = z.strictObject({
  candidate_id: z.number().int().positive().max(2_147_483_647),
  reason: z.string().trim().min(1).max(500),
});
export type RetentionExclusionBody = z.infer<typeof RetentionExclusionBody>;

export const RetentionExclusion = z.object({
  candidate_id: z.number(),
  reason: z.string(),
  created_at: z.string(),
});
export type RetentionExclusion = z.infer<typeof RetentionExclusion>;
