import { z } from 'zod';

/** The global settings of a licence (SPEC section 3); `export` takes an `ExportFormat` (users.ts). */
export const SettingName = z.enum([
  'export',
  'transparency',
  'tags_rule',
  'company_creation',
  'contacted_status',
  'avatar_service',
  'retention_months',
  'retention_action',
  'audit_retention_months',
]);
export type SettingName = z.infer<typeof SettingName>;

export const Transparency = z.enum(['transparent', 'opaque']);
export type Transparency = z.infer<typeof Transparency>;
export const TagsRule = z.enum(['createable', 'not-createable']);
export type TagsRule = z.infer<typeof TagsRule>;
export const CompanyCreation = z.enum(['everyone', 'admins_only']);
export type CompanyCreation = z.infer<typeof CompanyCreation>;
/**
 * Whether the user avatar chip asks the public avatar service (Gravatar) for a picture by a hash of each user's
 * email (issue 24): `off` shows the initials without asking anyone; new licences start with it off.
 */
export const AvatarService = z.enum(['gravatar', 'off']);
export type AvatarService = z.infer<typeof AvatarService>;
/**
 * How many months without activity before a candidate's data is erased or anonymised (issue 24, decision 195),
 * or `off`: no retention. New licences start at 24; the licences made before it at `off`.
 */
export const RetentionMonths = z.enum(['6', '12', '18', '24', '36', '48', '60', 'off']);
export type RetentionMonths = z.infer<typeof RetentionMonths>;
/** What retention does to a candidate whose time is up: erase them, or keep their applications anonymised. */
export const RetentionAction = z.enum(['erase', 'anonymise']);
export type RetentionAction = z.infer<typeof RetentionAction>;

/**
 * How many months the audit log keeps its entries (issue 24, decision 192): a daily job deletes older ones
 * and records that it did. A year by default.
 */
export const AuditRetentionMonths = z.enum(['3', '6', '12', '24', '36', '60', '120']);
export type AuditRetentionMonths = z.infer<typeof AuditRetentionMonths>;

/** One global setting: its value as text (a status id for `contacted_status`) and the type of that value. */
export const Setting = z.object({
  id: z.number(),
  name: SettingName,
  value: z.string().nullable(),
  type: z.string(),
});
export type Setting = z.infer<typeof Setting>;

/**
 * `GET /api/settings`: every global setting of the caller's licence, readable by any signed-in user, with the
 * moment the server answered (`received_at`, SPEC section 3: "the settings object carries receivedAt").
 */
export const SettingList = z.object({ data: z.array(Setting), received_at: z.iso.datetime() });
export type SettingList = z.infer<typeof SettingList>;

/**
 * `PATCH /api/settings/{id}` (admins only): `{value: {type: <value>}}`, the spec's "value with type". The value
 * must be one its setting allows: `export` an `ExportFormat`, `transparency`, `tags_rule` and
 * `company_creation`, `avatar_service`, `retention_months`, `retention_action` and `audit_retention_months` their enums, `contacted_status` the id of one of the licence's statuses (a number or
 * its digits) or null. Anything else is a 400 that names the allowed values. Answers the setting.
 */
export const SettingPatchBody = z.strictObject({
  value: z.strictObject({ type: z.union([z.string().max(100), z.number(), z.null()]) }),
});
export type SettingPatchBody = z.input<typeof SettingPatchBody>;
