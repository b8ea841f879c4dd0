import { z } from 'zod';
import { listQuery } from './common.ts';

const BodyId = z.number().int().positive().max(2_147_483_647);

/** The most recipients one preview or one send names. */
export const PREVIEW_MAX = 200;
/** The most recipients one send handles (one job sends them all, decision 132). */
export const SEND_MAX = PREVIEW_MAX;

const template = {
  /** The template to send; absent, the job offer's linked template (422 when it has none). */
  email_template_id: BodyId.optional(),
};

/**
 * `POST /api/job_offers/{id}/emails/preview` body: who would receive the template, and the message of one of
 * them as it would leave (`preview_candidate_id`, else the first recipient): one message per answer, so a large
 * template for many recipients costs one rendering (issue 18). `candidate_ids` names candidates of the offer (each must have an application in it, else 422
 * `invalid_reference` and nothing is answered); without it, every candidate of the offer, or only those in
 * `filters.with_status_id`. More than PREVIEW_MAX recipients answers 422 `too_many_recipients`.
 * Visible to whoever sees the offer. An `X-Provider-Token` header (a Google access token, from
 * `GET /api/oauth/token`) lets the signature come from the mail provider, as `GET /api/users/me/signature`.
 */
export const EmailPreviewBody = z.strictObject({
  ...template,
  candidate_ids: z.array(BodyId).min(1).max(PREVIEW_MAX).optional(),
  filters: z.strictObject({ with_status_id: BodyId.optional() }).optional(),
  /** Whose message to render; one of the recipients (422 `invalid_reference` otherwise). */
  preview_candidate_id: BodyId.optional(),
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

/** Who would receive a message. */
export const PreviewRecipient = z.object({
  candidate_id: z.number(),
  full_name: z.string(),
  email: z.string(),
});
export type PreviewRecipient = z.infer<typeof PreviewRecipient>;

/** One message as it would be sent: every variable replaced, the sender's signature appended. */
export const RenderedEmail = PreviewRecipient.extend({
  subject: z.string(),
  content: z.string(),
});
export type RenderedEmail = z.infer<typeof RenderedEmail>;

export const EmailPreview = z.object({
  email_template: z.object({ id: z.number(), name: z.string() }),
  recipients: z.array(PreviewRecipient),
  /** The message of `preview_candidate_id` (else the first recipient); null without recipients. */
  message: RenderedEmail.nullable(),
  skipped: z.array(SkippedRecipient),
});
export type EmailPreview = z.infer<typeof EmailPreview>;

/**
 * `POST /api/job_offers/{id}/emails` body: sends the template to `candidate_ids` (1 to SEND_MAX candidates of
 * the offer; 422 `invalid_reference` for any other id, and nothing is sent). Needs the right to change the
 * offer (its manager, an assigned user or an admin; 403 otherwise). Answers 202 at once with the send's id;
 * a job of the server's durable queue sends the messages (decision 132), one at a time, each from the
 * configured address with the sender's name, `Reply-To` the sender. Each message sent is recorded on its
 * candidate and, when the licence has a `contacted_status`, the candidate's application still before that
 * status (or without one) moves to it, in one transaction per message. A message the mail server refuses is
 * retried with backoff, then counted as failed. Candidates without a usable address are skipped (listed in the
 * answer). Each user may send at most the configured number of messages an hour (`EMAIL_SEND_LIMIT_PER_HOUR`):
 * past it, 429 `send_limit_reached` with `Retry-After`, and nothing is sent.
 */
export const SendEmailsBody = z.strictObject({
  ...template,
  candidate_ids: z.array(BodyId).min(1).max(SEND_MAX),
});
export type SendEmailsBody = z.input<typeof SendEmailsBody>;

/** The 202 answer of a send: the id to follow it with, how many messages it sends, and who was skipped. */
export const EmailSendStarted = z.object({
  id: z.number(),
  total: z.number(),
  skipped: z.array(SkippedRecipient),
});
export type EmailSendStarted = z.infer<typeof EmailSendStarted>;

/**
 * `GET /api/email_sends/{id}`: where a send stands (another licence's send answers 404). `state` is `queued`,
 * `sending`, `done` (every message sent or failed for good) or `failed` (the send stopped for good; what was
 * not sent counts as failed). `total` = `sent` + `failed` + what is still to send.
 */
export const EmailSendProgress = z.object({
  id: z.number(),
  state: z.enum(['queued', 'sending', 'done', 'failed']),
  total: z.number(),
  sent: z.number(),
  failed: z.number(),
  skipped: z.number(),
  /** The status sent candidates move to, or null when the licence has none. */
  contacted_status: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type EmailSendProgress = z.infer<typeof EmailSendProgress>;

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

/** `GET /api/candidates/{id}/emails/{emailId}`: one recorded message with its HTML body (issue 21). */
export const RecordedEmailContent = RecordedEmail.extend({ content: z.string() });
export type RecordedEmailContent = z.infer<typeof RecordedEmailContent>;

/** `GET /api/candidates/{id}/emails`: a paginated `listOf(RecordedEmail)`, 10 per page by default. */
export const CandidateEmailListQuery = listQuery(10);
export type CandidateEmailListQuery = z.input<typeof CandidateEmailListQuery>;
