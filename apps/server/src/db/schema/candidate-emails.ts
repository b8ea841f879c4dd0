import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { candidates } from './candidates.ts';
import { jobOffers } from './job-offers.ts';
import { licenceColumn, partOf } from './tenant.ts';
import { users } from './users.ts';

/**
 * A message sent to a candidate from a job offer's email template (issue 11, "record each sent message on
 * the candidate"). The sender's and recipient's addresses are copied: the record still says who wrote to
 * whom after the user or the contact is gone.
 */
export const candidateEmails = pgTable(
  'candidate_emails',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenceId: licenceColumn(),
    candidateId: partOf('candidate_id', () => candidates.id),
    jobOfferId: integer('job_offer_id').references(() => jobOffers.id, { onDelete: 'set null' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    senderEmail: text('sender_email').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    /** The HTML body as sent, signature included. */
    content: text('content').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('candidate_emails_candidate_sent_idx').on(t.candidateId, t.sentAt.desc(), t.id.desc()),
    index('candidate_emails_licence_idx').on(t.licenceId),
    index('candidate_emails_job_offer_idx').on(t.jobOfferId),
    index('candidate_emails_sender_idx').on(t.senderId),
  ],
);
