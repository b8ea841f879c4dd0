import type { EmailPreview, SendEmailsResult, SkippedRecipient } from '@vivier/contract';
import { and, eq } from 'drizzle-orm';
import addressparser from 'nodemailer/lib/addressparser';
import type { Db } from '../../db/database.ts';
import { jobOffers } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { lockCandidates } from '../candidates/candidate-lock.ts';
import { touchCandidates } from '../candidates/candidates.queries.ts';
import { findEmailTemplate } from '../email-templates/email-templates.queries.ts';
import { assertCanEditJobOffer } from '../job-offers/job-offer.policy.ts';
import { findJobOfferAccess } from '../job-offers/job-offers.queries.ts';
import { resolveSignature } from '../signature/signature.service.ts';
import { findUserInLicence } from '../users/users.queries.ts';
import { recordCandidateEmails } from './candidate-emails.queries.ts';
import { composeEmail } from './compose-email.ts';
import { findContactedStatus, moveToContacted } from './contacted-status.ts';
import { loadRecipients, type Recipient, type RecipientSelection } from './recipients.ts';

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

export type SendingDeps = { db: Db; mailer: Mailer; mailFrom: string; gmailApiUrl: string; log: Log };

/** How many messages are handed to the mail server at once. */
const PARALLEL_SENDS = 4;

/** The template the request names, else the one linked to the offer; 422 when neither exists. */
async function templateFor(db: Db, licenceId: number, jobOfferId: number, templateId: number | undefined) {
  let id = templateId;
  if (id === undefined) {
    const [offer] = await db
      .select({ emailTemplateId: jobOffers.emailTemplateId })
      .from(jobOffers)
      .where(and(eq(jobOffers.licenceId, licenceId), eq(jobOffers.id, jobOfferId)));
    id = offer?.emailTemplateId ?? undefined;
    if (id === undefined) {
      throw new AppError(422, 'no_email_template', 'This job offer has no email template');
    }
  }
  const template = await findEmailTemplate(db, licenceId, id);
  if (!template) throw new AppError(422, 'invalid_reference', 'Email template not found');
  return template;
}

/** One plain address (`ada@example.com`), never a list or a display name that would add recipients. */
function singleAddress(value: string): string | undefined {
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

/** Everything a preview and a send share: the offer (404 when hidden), template, recipients, signature. */
async function prepare(deps: SendingDeps, caller: Caller, jobOfferId: number, draft: Draft) {
  const offer = await findJobOfferAccess(deps.db, caller, jobOfferId);
  if (!offer) throw notFound('Job offer');
  const template = await templateFor(deps.db, caller.licenceId, jobOfferId, draft.templateId);
  const recipients = await loadRecipients(deps.db, caller.licenceId, jobOfferId, draft.selection);
  const signature = await resolveSignature(deps, caller, draft.providerToken);
  return { offer, template, signature: signature.value, ...splitByEmail(recipients) };
}

/** Each recipient's message as it would leave, and who would be skipped (issue 11, "preview"). */
export async function previewEmails(
  deps: SendingDeps,
  caller: Caller,
  jobOfferId: number,
  draft: Draft,
): Promise<EmailPreview> {
  const { template, signature, withEmail, skipped } = await prepare(deps, caller, jobOfferId, draft);
  return {
    email_template: { id: template.id, name: template.name },
    recipients: withEmail.map((r) => {
      const mail = composeEmail(template, r.candidate, signature);
      return {
        candidate_id: r.candidate.id,
        full_name: r.candidate.full_name,
        email: r.email,
        subject: mail.subject,
        content: mail.html,
      };
    }),
    skipped,
  };
}

/** The configured sender address under the user's name; replies go to the user (docs/decisions/082). */
function envelopeOf(mailFrom: string, sender: { firstName: string; lastName: string; email: string }) {
  const name = [sender.firstName, sender.lastName].filter(Boolean).join(' ') || sender.email;
  const [configured] = addressparser(mailFrom, { flatten: true });
  return {
    from: configured?.address ? { name, address: configured.address } : mailFrom,
    replyTo: { name, address: sender.email },
  };
}

/** Runs `task` on every item, `limit` at a time. */
async function inBatches<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  for (let start = 0; start < items.length; start += limit) {
    await Promise.all(items.slice(start, start + limit).map(task));
  }
}

/**
 * Sends the template to candidates of the offer (issue 11, "Beyond the spec: sending"): one message each,
 * rendered for them with the sender's signature, through the mailer. Then, in one transaction, each message
 * sent is recorded on its candidate and their applications move to the contacted status. A message the mail
 * server refuses is reported, not recorded, and moves nothing.
 */
export async function sendEmails(
  deps: SendingDeps,
  caller: Caller,
  jobOfferId: number,
  draft: Draft & { selection: { candidateIds: number[] } },
): Promise<SendEmailsResult> {
  const { offer, template, signature, withEmail, skipped } = await prepare(deps, caller, jobOfferId, draft);
  assertCanEditJobOffer(caller, offer);
  const sender = await findUserInLicence(deps.db, caller.licenceId, caller.userId);
  if (!sender) throw notFound('User');
  const envelope = envelopeOf(deps.mailFrom, sender);

  const sent: (Recipient & { email: string; subject: string; html: string })[] = [];
  const failed: SendEmailsResult['failed'] = [];
  await inBatches(withEmail, PARALLEL_SENDS, async (recipient) => {
    const mail = composeEmail(template, recipient.candidate, signature);
    try {
      await deps.mailer.send({ ...envelope, to: recipient.email, ...mail });
      sent.push({ ...recipient, subject: mail.subject, html: mail.html });
    } catch (error) {
      deps.log.error(
        { candidateId: recipient.candidate.id, reason: error instanceof Error ? error.message : 'unknown' },
        'an email to a candidate could not be sent',
      );
      failed.push({
        candidate_id: recipient.candidate.id,
        full_name: recipient.candidate.full_name,
        email: recipient.email,
      });
    }
  });

  const sentIds = sent.map((r) => r.candidate.id);
  const { contacted, statusAfter } = await deps.db.transaction(async (tx) => {
    // Candidates first, by id, then their rows (decision 115); the callback writes only to the database, so the
    // transaction helper may run it again after a deadlock (db/transaction-retry.ts).
    await lockCandidates(tx, caller.licenceId, sentIds);
    await recordCandidateEmails(
      tx,
      sent.map((r) => ({
        licenceId: caller.licenceId,
        candidateId: r.candidate.id,
        jobOfferId,
        senderId: sender.id,
        senderEmail: sender.email,
        recipient: r.email,
        subject: r.subject,
        content: r.html,
      })),
    );
    const status = await findContactedStatus(tx, caller.licenceId);
    const after = status
      ? await moveToContacted(tx, caller.licenceId, jobOfferId, sentIds, status)
      : new Map<number, number | null>();
    await touchCandidates(tx, caller.licenceId, sentIds);
    return { contacted: status, statusAfter: after };
  });

  const order = new Map(withEmail.map((r, i) => [r.candidate.id, i]));
  const byOrder = (a: { candidate_id: number }, b: { candidate_id: number }) =>
    (order.get(a.candidate_id) ?? 0) - (order.get(b.candidate_id) ?? 0);
  return {
    sent: sent
      .map((r) => ({
        candidate_id: r.candidate.id,
        full_name: r.candidate.full_name,
        email: r.email,
        status_id: statusAfter.has(r.candidate.id) ? (statusAfter.get(r.candidate.id) ?? null) : r.statusId,
      }))
      .sort(byOrder),
    skipped,
    failed: failed.sort(byOrder),
    contacted_status: contacted ? { id: contacted.id, name: contacted.name } : null,
  };
}
