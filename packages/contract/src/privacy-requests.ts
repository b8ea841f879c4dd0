import { z } from 'zod';
import { Id } from './common.ts';

/** What a person may ask on the careers site (issue 24, decision 194): a copy of their data, or its erasure. */
export const PrivacyRequestKind = z.enum(['access', 'erasure']);
export type PrivacyRequestKind = z.infer<typeof PrivacyRequestKind>;

/** `unconfirmed` until the mailed link is opened, `open` for the admins, `done` when one closed it. */
export const PrivacyRequestState = z.enum(['unconfirmed', 'open', 'done']);
export type PrivacyRequestState = z.infer<typeof PrivacyRequestState>;

/**
 * A confirmed request as the admins' list shows it: the candidate (null once erased), the kind, when it was
 * confirmed and the one-month deadline, and who closed it when it is done.
 */
export const PrivacyRequest = z.object({
  id: Id,
  kind: PrivacyRequestKind,
  state: PrivacyRequestState,
  /** `job_offer_id`: the offer of their latest application, where the candidate's panel opens (null: none). */
  candidate: z.object({ id: Id, name: z.string(), job_offer_id: Id.nullable() }).nullable(),
  requested_at: z.string(),
  confirmed_at: z.string().nullable(),
  due_at: z.string().nullable(),
  overdue: z.boolean(),
  done_at: z.string().nullable(),
  done_by: z.object({ id: Id, name: z.string() }).nullable(),
});
export type PrivacyRequest = z.infer<typeof PrivacyRequest>;

/** `state=open` (the default: the admins' queue) or `state=done` (the ones answered, newest first). */
export const PrivacyRequestListQuery = z.strictObject({
  state: z.enum(['open', 'done']).default('open'),
});

export const PrivacyRequestList = z.object({ data: z.array(PrivacyRequest) });
export type PrivacyRequestList = z.infer<typeof PrivacyRequestList>;

/** The version of `candidate.json` in a data export (docs/privacy-export-format.md). */
export const DATA_EXPORT_FORMAT_VERSION = 1;
