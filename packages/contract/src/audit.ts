import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_TARGET_KINDS } from './audit-actions.ts';

export { AUDIT_ACTIONS, AUDIT_TARGET_KINDS };
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;

/** Who acted: a signed-in user, an API token, a candidate (a privacy request), or Vivier itself (a job). */
export const AuditActorKind = z.enum(['user', 'token', 'candidate', 'system']);
export type AuditActorKind = z.infer<typeof AuditActorKind>;

export const AuditTargetKind = z.enum(AUDIT_TARGET_KINDS);
export type AuditTargetKind = z.infer<typeof AuditTargetKind>;

/** One entry of the audit log as the admin screen reads it (`GET /api/audit_entries`). */
export const AuditEntry = z.object({
  seq: z.number(),
  created_at: z.string(),
  actor_kind: AuditActorKind,
  actor_id: z.number().nullable(),
  /** What identified the actor then (a user's email), kept as it was. */
  actor_label: z.string().nullable(),
  address: z.string().nullable(),
  action: AuditAction,
  target_kind: AuditTargetKind.nullable(),
  target_id: z.number().nullable(),
  details: z.record(z.string(), z.unknown()),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

const Seq = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const EntryId = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * The audit log's filters, shared by the page and the CSV export: one action, one actor (a user's id), one
 * target (kind and id, the id only with its kind), a period (`from` inclusive, `to` exclusive, ISO dates or
 * date-times).
 */
export const AuditFilters = z.strictObject({
  action: AuditAction.optional(),
  actor_id: EntryId.optional(),
  target_kind: AuditTargetKind.optional(),
  target_id: EntryId.optional(),
  from: z.union([z.iso.date(), z.iso.datetime({ offset: true })]).optional(),
  to: z.union([z.iso.date(), z.iso.datetime({ offset: true })]).optional(),
});
export type AuditFilters = z.input<typeof AuditFilters>;

const checkTarget = (query: { target_kind?: unknown; target_id?: unknown }, ctx: z.RefinementCtx) => {
  if (query.target_id !== undefined && query.target_kind === undefined) {
    ctx.addIssue({ code: 'custom', path: ['target_id'], message: 'needs target_kind' });
  }
};

/**
 * `GET /api/audit_entries`: newest first, a page at a time by keyset on the entry's number (`before`: the
 * `next_before` of the page before). Admins only.
 */
export const AuditListQuery = AuditFilters.extend({
  before: Seq.optional(),
  per_page: z.coerce.number().int().min(1).max(200).optional().default(50),
}).superRefine(checkTarget);
export type AuditListQuery = z.input<typeof AuditListQuery>;

export const AuditExportQuery = AuditFilters.superRefine(checkTarget);
export type AuditExportQuery = z.input<typeof AuditExportQuery>;

export const AuditPage = z.object({ data: z.array(AuditEntry), next_before: z.number().nullable() });
export type AuditPage = z.infer<typeof AuditPage>;

/** The CSV export's columns, in order (`GET /api/audit_entries/export`). */
export const AUDIT_EXPORT_COLUMNS = [
  'seq',
  'created_at',
  'actor_kind',
  'actor_id',
  'actor_label',
  'address',
  'action',
  'target_kind',
  'target_id',
  'details',
  'hash',
] as const;
