import { z } from 'zod';
import { listQuery } from './common.ts';

const BodyId = z.number().int().positive().max(2_147_483_647);

/** The most recipients one preview answers. */
export const PREVIEW_MAX = 200;
/** The most recipients one send handles; the web app sends larger selections in batches. */
export const SEND_MAX = 50;

const template = {
  /** The template to send; absent, the job offer's linked template (422 when it has none). */
  email_template_id: BodyId.optional(),
};

/**
 * `POST /api/job_offers/{id}/emails/preview` body: who would receive the template, rendered for each.
 * `candidate_ids` names candidates of the offer (each must have an application in it, else 422
 * `invalid_reference` and nothing is answered); without it, every candidate of the offer, or only those in
 * `filters.with_status_id`. More than PREVIEW_MAX recipients answers 422 `too_many_recipients`.
 * Visible to whoever sees the offer. An `X-Provider-Token` header (a Google access token, from
 * `GET /api/oauth/token`) lets the signature come from the mail provider, as `GET /api/users/me/signature`.
 */
export const EmailPreviewBody = z.strictObject({
  ...template,
  candidate_ids: z.array(BodyId).min(1).max(PREVIEW_MAX).optional(),
  filters: z.strictObject({ with_status_id: BodyId.optional() }).optional(),
});
export type EmailPreviewBody = z.input<typeof EmailPreviewBody>;

/**
 * A candidate left out: no email address (`no_email`), or one that is not a single plain address
 * (`invalid_email`, e.g. imported as 'a@x.test, b@y.test'), which is never handed to the mail server.
 */
export const SkippedRecipient = z.object({
  candidate_id: z.number(),
  full_name: z.string(),
  reason: z.enum(['no_email', 'invalid_email']),
});
export type SkippedRecipient = z.infer<typeof SkippedRecipient>;

/** One message as it would be sent: every variable replaced, the sender's signature appended. */
export const RenderedEmail = z.object({
  candidate_id: z.number(),
  full_name: z.string(),
  email: z.string(),
  subject: z.string(),
  content: z.string(),
});
export type RenderedEmail = z.infer<typeof RenderedEmail>;

export const EmailPreview = z.object({
  email_template: z.object({ id: z.number(), name: z.string() }),
  recipients: z.array(RenderedEmail),
  skipped: z.array(SkippedRecipient),
});
export type EmailPreview = z.infer<typeof EmailPreview>;

/**
 * `POST /api/job_offers/{id}/emails` body: sends the template to `candidate_ids` (1 to SEND_MAX candidates of
 * the offer; 422 `invalid_reference` for any other id, and nothing is sent). Needs the right to change the
 * offer (its manager, an assigned user or an admin; 403 otherwise). Each message goes through the server's
 * mailer from the configured address with the sender's name, `Reply-To` the sender. Every message sent is
 * recorded on its candidate, and, when the licence has a `contacted_status`, each application still before
 * that status in the pipeline (or without one) moves to it: records and moves in one transaction.
 * Candidates without an email are skipped; a message the mail server refuses is listed in `failed`.
 */
export const SendEmailsBody = z.strictObject({
  ...template,
  candidate_ids: z.array(BodyId).min(1).max(SEND_MAX),
});
export type SendEmailsBody = z.input<typeof SendEmailsBody>;

export const SentEmail = z.object({
  candidate_id: z.number(),
  full_name: z.string(),
  email: z.string(),
  /** The application's status after the send. */
  status_id: z.number().nullable(),
});
export type SentEmail = z.infer<typeof SentEmail>;

export const SendEmailsResult = z.object({
  sent: z.array(SentEmail),
  skipped: z.array(SkippedRecipient),
  failed: z.array(z.object({ candidate_id: z.number(), full_name: z.string(), email: z.string() })),
  /** The status sent candidates move to, or null when the licence has none. */
  contacted_status: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type SendEmailsResult = z.infer<typeof SendEmailsResult>;

/** A message sent to a candidate, as recorded (newest first in `GET /api/candidates/{id}/emails`). */
export const RecordedEmail = z.object({
  id: z.number(),
  sent_at: z.string(),
  subject: z.string(),
  to: z.string(),
  /** Who sent it; `sender.id` is null once that user was deleted. */
  sender: z.object({ id: z.number().nullable(), email: z.string() }),
  job_offer: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type RecordedEmail = z.infer<typeof RecordedEmail>;

/** `GET /api/candidates/{id}/emails`: a paginated `listOf(RecordedEmail)`, 10 per page by default. */
export const CandidateEmailListQuery = listQuery(10);
export type CandidateEmailListQuery = z.input<typeof CandidateEmailListQuery>;
