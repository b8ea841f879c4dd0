import type { EmailSendProgress } from '@vivier/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { emailSendRecipients, emailSends, jobs } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import type { PreparedMessage } from './compose-email.ts';
import { findContactedStatus } from './contacted-status.ts';

/** Stores a send and one pending row per recipient; answers the send's id. */
export async function createEmailSend(
  tx: Db,
  send: {
    licenceId: number;
    jobOfferId: number;
    senderId: number;
    message: PreparedMessage;
    skipped: number;
    template?: { id: number; name: string } | null;
    recipients: { candidateId: number; email: string }[];
  },
): Promise<number> {
  const [row] = await tx
    .insert(emailSends)
    .values({
      licenceId: send.licenceId,
      jobOfferId: send.jobOfferId,
      senderId: send.senderId,
      subject: send.message.subject,
      html: send.message.html,
      text: send.message.text,
      skipped: send.skipped,
      template: send.template ?? null,
    })
    .returning({ id: emailSends.id });
  if (!row) throw new Error('The email send was not stored');
  if (send.recipients.length > 0) {
    await tx.insert(emailSendRecipients).values(
      send.recipients.map((r, position) => ({
        sendId: row.id,
        candidateId: r.candidateId,
        email: r.email,
        position,
      })),
    );
  }
  return row.id;
}

const JOB_STATE: Record<string, EmailSendProgress['state']> = {
  queued: 'queued',
  running: 'sending',
  done: 'done',
  dead: 'failed',
};

/**
 * Where a send of the caller's licence stands, counted from its recipients' rows; null for a missing or another
 * licence's send. Once the job is dead, what it did not send counts as failed.
 */
export async function findEmailSendProgress(
  db: Db,
  licenceId: number,
  id: number,
): Promise<EmailSendProgress | null> {
  const [send] = await db
    .select({
      id: emailSends.id,
      skipped: emailSends.skipped,
      jobState: jobs.state,
      total: sql<number>`(select count(*) from ${emailSendRecipients} r where r.send_id = ${emailSends.id})`,
      sent: sql<number>`(select count(*) from ${emailSendRecipients} r where r.send_id = ${emailSends.id} and r.state = 'sent')`,
      failed: sql<number>`(select count(*) from ${emailSendRecipients} r where r.send_id = ${emailSends.id} and r.state = 'failed')`,
    })
    .from(emailSends)
    .leftJoin(jobs, eq(jobs.id, emailSends.jobId))
    .where(and(scoped(emailSends, licenceId), eq(emailSends.id, id)));
  if (!send) return null;
  const total = Number(send.total);
  const sent = Number(send.sent);
  const state = JOB_STATE[send.jobState ?? 'done'] ?? 'done';
  const failed = state === 'failed' ? total - sent : Number(send.failed);
  const contacted = await findContactedStatus(db, licenceId);
  return {
    id: send.id,
    state,
    total,
    sent,
    failed,
    skipped: send.skipped,
    contacted_status: contacted ? { id: contacted.id, name: contacted.name } : null,
  };
}
