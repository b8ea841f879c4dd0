import type { EmailPreview, EmailSendStarted, SkippedRecipient } from '@vivier/contract';
import { and, eq } from 'drizzle-orm';
import addressparser from 'nodemailer/lib/addressparser';
import type { Db } from '../../db/database.ts';
import { emailSends, jobOffers } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import type { Jobs } from '../../jobs/job-runner.ts';
import { enqueue } from '../../jobs/queue.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { findEmailTemplate } from '../email-templates/email-templates.queries.ts';
import { assertCanEditJobOffer } from '../job-offers/job-offer.policy.ts';
import { findJobOfferAccess } from '../job-offers/job-offers.queries.ts';
import { resolveSignature } from '../signature/signature.service.ts';
import { findUserInLicence } from '../users/users.queries.ts';
import { composeEmail, prepareMessage } from './compose-email.ts';
import type { EmailSendJob } from './email-send.job.ts';
import { createEmailSend } from './email-sends.queries.ts';
import { loadRecipients, type Recipient, type RecipientSelection } from './recipients.ts';

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

export type SendingDeps = { db: Db; mailer: Mailer; mailFrom: string; gmailApiUrl: string; log: Log };

/** The template the request names, else the one linked to the offer; 422 when neither exists. */
async function templateFor(db: Db, licenceId: number, jobOfferId: number, templateId: number | undefined) {
  let id = templateId;
  if (id === undefined) {
    const [offer] = await db
      .select({ emailTemplateId: jobOffers.emailTemplateId })
      .from(jobOffers)
      .where(and(scoped(jobOffers, licenceId), eq(jobOffers.id, jobOfferId)));
    id = offer?.emailTemplateId ?? undefined;
    if (id === undefined) {
      throw new AppError('no_email_template', 'This job offer has no email template');
    }
  }
  const template = await findEmailTemplate(db, licenceId, id);
  if (!template) throw new AppError('invalid_reference', 'Email template not found');
  return template;
}

/** One plain address (`ada@example.com`), never a list or a display name that would add recipients. */
export function singleAddress(value: string): string | undefined {
  const trimmed = value.trim();
  const parsed = addressparser(trimmed, { flatten: true });
  const only = parsed.length === 1 ? parsed[0] : undefined;
  return only && only.address === trimmed && /^[^\s@,;<>"]+@[^\s@,;<>"]+$/.test(trimmed)
    ? trimmed
    : undefined;
}

/** The recipients with a usable address, and those skipped for want of one. */
function splitByEmail(recipients: Recipient[]) {
  const withEmail: (Recipient & { email: string })[] = [];
  const skipped: SkippedRecipient[] = [];
  for (const recipient of recipients) {
    const { id, full_name, email } = recipient.candidate;
    const address = email ? singleAddress(email) : undefined;
    if (address) withEmail.push({ ...recipient, email: address });
    else skipped.push({ candidate_id: id, full_name, reason: email ? 'invalid_email' : 'no_email' });
  }
  return { withEmail, skipped };
}

type Draft = {
  templateId?: number;
  selection: RecipientSelection;
  providerToken?: string;
};

/** Counts a send's messages against the sender's hourly limit (429 past it, nothing counted). */
export type SendLimit = (userId: number, messages: number) => Promise<void>;

/** Everything a preview and a send share: the offer (404 when hidden), template, recipients, signature. */
async function prepare(deps: SendingDeps, caller: Caller, jobOfferId: number, draft: Draft) {
  const offer = await findJobOfferAccess(deps.db, caller, jobOfferId);
  if (!offer) throw notFound('Job offer');
  const template = await templateFor(deps.db, caller.licenceId, jobOfferId, draft.templateId);
  const recipients = await loadRecipients(deps.db, caller.licenceId, jobOfferId, draft.selection);
  const signature = await resolveSignature(deps, caller, draft.providerToken);
  return { offer, template, signature: signature.value, ...splitByEmail(recipients) };
}

/**
 * Who would receive the template, and one recipient's message as it would leave (issue 11, "preview"): the
 * message is prepared once off the server's thread and rendered for that recipient only (issue 18).
 */
export async function previewEmails(
  deps: SendingDeps,
  caller: Caller,
  jobOfferId: number,
  draft: Draft & { previewCandidateId?: number },
): Promise<EmailPreview> {
  const { template, signature, withEmail, skipped } = await prepare(deps, caller, jobOfferId, draft);
  const shown =
    draft.previewCandidateId === undefined
      ? withEmail[0]
      : withEmail.find((r) => r.candidate.id === draft.previewCandidateId);
  if (draft.previewCandidateId !== undefined && !shown) {
    throw new AppError('invalid_reference', `Candidate ${draft.previewCandidateId} is not a recipient`);
  }
  let message: EmailPreview['message'] = null;
  if (shown) {
    const mail = composeEmail(await prepareMessage(template, signature), shown.candidate);
    message = {
      candidate_id: shown.candidate.id,
      full_name: shown.candidate.full_name,
      email: shown.email,
      subject: mail.subject,
      content: mail.html,
    };
  }
  return {
    email_template: { id: template.id, name: template.name },
    recipients: withEmail.map((r) => ({
      candidate_id: r.candidate.id,
      full_name: r.candidate.full_name,
      email: r.email,
    })),
    message,
    skipped,
  };
}

/**
 * Starts sending the template to candidates of the offer (issue 11, "Beyond the spec: sending"; issue 18): the
 * message is prepared once, the send and one row per recipient are stored with the job that sends them, in
 * one transaction, and the answer goes back at once. `email-send.job.ts` does the sending.
 */
export async function startSend(
  deps: SendingDeps & { jobs: Jobs; sendJob: EmailSendJob; limit: SendLimit },
  caller: Caller,
  jobOfferId: number,
  draft: Draft & { selection: { candidateIds: number[] } },
): Promise<EmailSendStarted> {
  const { offer, template, signature, withEmail, skipped } = await prepare(deps, caller, jobOfferId, draft);
  assertCanEditJobOffer(caller, offer);
  const sender = await findUserInLicence(deps.db, caller.licenceId, caller.userId);
  if (!sender) throw notFound('User');
  await deps.limit(caller.userId, withEmail.length);
  const message = await prepareMessage(template, signature);
  const id = await deps.db.transaction(async (tx) => {
    const sendId = await createEmailSend(tx, {
      licenceId: caller.licenceId,
      jobOfferId,
      senderId: sender.id,
      message,
      skipped: skipped.length,
      template: { id: template.id, name: template.name },
      recipients: withEmail.map((r) => ({ candidateId: r.candidate.id, email: r.email })),
    });
    const jobId = await enqueue(tx, deps.sendJob, { sendId });
    await tx.update(emailSends).set({ jobId }).where(eq(emailSends.id, sendId));
    return sendId;
  });
  deps.jobs.wake();
  return { id, total: withEmail.length, skipped };
}
