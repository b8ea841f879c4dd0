import { and, asc, eq, sql } from 'drizzle-orm';
import addressparser from 'nodemailer/lib/addressparser';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { emailSendRecipients, emailSends, users } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { defineJob, type JobContext, type JobKind } from '../../jobs/job-kind.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { recordEvents } from '../activity/activity.service.ts';
import { presentCandidate } from '../candidates/candidate.presenter.ts';
import { lockCandidates } from '../candidates/candidate-lock.ts';
import { findCandidates, touchCandidates } from '../candidates/candidates.queries.ts';
import { recordCandidateEmails } from './candidate-emails.queries.ts';
import { composeEmail } from './compose-email.ts';
import { type ContactedStatus, findContactedStatus, moveToContacted } from './contacted-status.ts';

const Payload = z.strictObject({ sendId: z.number().int().positive() });
export type EmailSendJob = JobKind<z.infer<typeof Payload>>;

/** The configured sender address under the user's name; replies go to the user (docs/decisions/082). */
function envelopeOf(
  mailFrom: string,
  sender: { firstName: string; lastName: string; email: string } | undefined,
) {
  if (!sender) return { from: mailFrom };
  const name = [sender.firstName, sender.lastName].filter(Boolean).join(' ') || sender.email;
  const [configured] = addressparser(mailFrom, { flatten: true });
  return {
    from: configured?.address ? { name, address: configured.address } : mailFrom,
    replyTo: { name, address: sender.email },
  };
}

type Send = typeof emailSends.$inferSelect;
type Pending = { candidateId: number; email: string; attempts: number };

/**
 * A message the mail server took: recorded on the candidate, the application moved to the contacted status
 * and the recipient marked sent, in one transaction. Candidates are locked first, as every write that touches
 * candidates and their applications does (decision 115).
 */
async function recordSent(
  db: Db,
  send: Send,
  recipient: Pending,
  mail: { subject: string; html: string },
  sender: { id: number; email: string } | undefined,
  contacted: ContactedStatus | null,
) {
  await db.transaction(async (tx) => {
    await lockCandidates(tx, send.licenceId, [recipient.candidateId]);
    const [email] = await recordCandidateEmails(tx, [
      {
        licenceId: send.licenceId,
        candidateId: recipient.candidateId,
        jobOfferId: send.jobOfferId,
        senderId: sender?.id ?? null,
        senderEmail: sender?.email ?? '',
        recipient: recipient.email,
        subject: mail.subject,
        content: mail.html,
      },
    ]);
    await recordEvents(tx, send.licenceId, [
      {
        candidateId: recipient.candidateId,
        kind: 'email_sent',
        actorId: sender?.id ?? null,
        jobOfferId: send.jobOfferId,
        data: {
          subject: mail.subject,
          template: send.template ?? null,
          email_id: email?.id ?? null,
          to: recipient.email,
        },
      },
    ]);
    if (contacted) {
      await moveToContacted(
        tx,
        send.licenceId,
        send.jobOfferId,
        [recipient.candidateId],
        contacted,
        sender?.id ?? null,
      );
    }
    await touchCandidates(tx, send.licenceId, [recipient.candidateId]);
    await tx
      .update(emailSendRecipients)
      .set({ state: 'sent', sentAt: new Date(), attempts: sql`${emailSendRecipients.attempts} + 1` })
      .where(
        and(
          eq(emailSendRecipients.sendId, send.id),
          eq(emailSendRecipients.candidateId, recipient.candidateId),
        ),
      );
  });
}

/** A refused message: one more attempt counted, failed for good on the job's last run. */
async function recordRefused(db: Db, sendId: number, recipient: Pending, reason: string, last: boolean) {
  await db
    .update(emailSendRecipients)
    .set({
      attempts: sql`${emailSendRecipients.attempts} + 1`,
      lastError: reason.slice(0, 500),
      ...(last ? { state: 'failed' } : {}),
    })
    .where(
      and(eq(emailSendRecipients.sendId, sendId), eq(emailSendRecipients.candidateId, recipient.candidateId)),
    );
}

async function countsOf(db: Db, sendId: number) {
  const rows = await db
    .select({ state: emailSendRecipients.state, n: sql<number>`count(*)` })
    .from(emailSendRecipients)
    .where(eq(emailSendRecipients.sendId, sendId))
    .groupBy(emailSendRecipients.state);
  const count = (state: string) => Number(rows.find((r) => r.state === state)?.n ?? 0);
  return { sent: count('sent'), failed: count('failed'), pending: count('pending') };
}

/**
 * The job that sends a stored send (decision 132): every recipient still pending, one message at a time, each
 * rendered from the prepared message and recorded as sent before the next one leaves. So a crash can leave at
 * most the one message in flight unrecorded (sent again after a restart, with the same Message-ID), and a
 * restart sends only what is still pending. A refused message stays pending and the job is retried with
 * backoff, failed for good on its last run.
 */
export function emailSendJob(deps: { mailer: Mailer; mailFrom: string }): EmailSendJob {
  return defineJob({
    name: 'email.send',
    payload: Payload,
    maxAttempts: 5,
    async run({ sendId }, context: JobContext) {
      const { db } = context;
      const [send] = await db.select().from(emailSends).where(eq(emailSends.id, sendId));
      if (!send) return { sent: 0, failed: 0, pending: 0 };
      const pending: Pending[] = await db
        .select({
          candidateId: emailSendRecipients.candidateId,
          email: emailSendRecipients.email,
          attempts: emailSendRecipients.attempts,
        })
        .from(emailSendRecipients)
        .where(and(eq(emailSendRecipients.sendId, sendId), eq(emailSendRecipients.state, 'pending')))
        .orderBy(asc(emailSendRecipients.position));
      const [sender] = send.senderId
        ? await db
            .select({
              id: users.id,
              firstName: users.firstName,
              lastName: users.lastName,
              email: users.email,
            })
            .from(users)
            .where(and(scoped(users, send.licenceId), eq(users.id, send.senderId)))
        : [];
      const envelope = envelopeOf(deps.mailFrom, sender);
      const contacted = await findContactedStatus(db, send.licenceId);
      const candidates = new Map(
        (
          await findCandidates(
            db,
            send.licenceId,
            pending.map((p) => p.candidateId),
          )
        ).map((row) => [row.id, presentCandidate(row)]),
      );
      for (const recipient of pending) {
        if (context.signal.aborted) break;
        const candidate = candidates.get(recipient.candidateId);
        if (!candidate) continue;
        const mail = composeEmail(send, candidate);
        try {
          await deps.mailer.send({
            ...envelope,
            to: recipient.email,
            ...mail,
            // The same message keeps its id on a resend, so a mail system can tell it is one message.
            messageId: `<send-${send.id}-${recipient.candidateId}@vivier>`,
          });
        } catch (error) {
          const reason = error instanceof Error ? error.message : 'unknown';
          context.log.error(
            { candidateId: recipient.candidateId, reason },
            'an email to a candidate could not be sent',
          );
          await recordRefused(db, send.id, recipient, reason, context.isLastAttempt);
          continue;
        }
        await recordSent(db, send, recipient, mail, sender, contacted);
      }
      const counts = await countsOf(db, send.id);
      await context.progress(counts);
      if (counts.pending > 0 && !context.signal.aborted) {
        throw new Error(`${counts.pending} messages will be tried again`);
      }
      return counts;
    },
  });
}
