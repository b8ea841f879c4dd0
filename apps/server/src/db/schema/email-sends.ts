import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { candidates } from './candidates.ts';
import { jobOffers } from './job-offers.ts';
import { jobs } from './jobs.ts';
import { licenceColumn, partOf } from './tenant.ts';
import { users } from './users.ts';

/**
 * One send of a template to candidates of an offer (decision 132): the message prepared once when asked
 * (sanitised HTML and plain text with their variables, signature included), sent by the job `job_id`.
 */
export const emailSends = pgTable(
  'email_sends',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenceId: licenceColumn(),
    jobOfferId: partOf('job_offer_id', () => jobOffers.id),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Candidates left out when asked (no usable address), as `SkippedRecipient`s. */
    skipped: integer('skipped').notNull().default(0),
    /** The template it came from, as it was named then (the timeline's `email_sent` events, issue 21). */
    template: jsonb('template').$type<{ id: number; name: string }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_sends_licence_idx').on(t.licenceId),
    index('email_sends_job_idx').on(t.jobId),
    index('email_sends_job_offer_idx').on(t.jobOfferId),
    index('email_sends_sender_idx').on(t.senderId),
  ],
);

/**
 * One message of a send: `pending` until the mail server took it (`sent`, recorded on the candidate in the
 * same transaction) or refused it too often (`failed`). A restart sends only what is still pending.
 */
export const emailSendRecipients = pgTable(
  'email_send_recipients',
  {
    sendId: partOf('send_id', () => emailSends.id),
    candidateId: partOf('candidate_id', () => candidates.id),
    position: integer('position').notNull(),
    email: text('email').notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.sendId, t.candidateId] }),
    check('email_send_recipients_state', sql`${t.state} in ('pending', 'sent', 'failed')`),
    index('email_send_recipients_candidate_idx').on(t.candidateId),
  ],
);
