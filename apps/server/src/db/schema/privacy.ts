import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { candidates } from './candidates.ts';
import { jobs } from './jobs.ts';
import { licenceColumn } from './tenant.ts';
import { users } from './users.ts';

/**
 * A bulk erasure (issue 24, decision 193): the candidates it erases, in id order, and how far its job went.
 * `done` moves in the transaction of each batch it counts, so a job that restarts resumes after the last batch
 * committed and the progress the web polls is never ahead of what is erased. Ids and counts only: no name.
 */
export const candidateErasures = pgTable(
  'candidate_erasures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenceId: licenceColumn(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    candidateIds: integer('candidate_ids').array().notNull(),
    total: integer('total').notNull(),
    /** How many of `candidate_ids` were handled (erased, or gone already). */
    done: integer('done').notNull().default(0),
    /** How many were erased by this request. */
    erased: integer('erased').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('candidate_erasures_licence_idx').on(t.licenceId),
    index('candidate_erasures_job_idx').on(t.jobId),
    index('candidate_erasures_requested_by_idx').on(t.requestedBy),
  ],
);

export const PRIVACY_REQUEST_KINDS = ['access', 'erasure'] as const;
export const PRIVACY_REQUEST_STATES = ['unconfirmed', 'open', 'done'] as const;

/**
 * A person's request made on the careers site (issue 24, decision 194): access to their data or its erasure.
 * `unconfirmed` until the link mailed to an address Vivier holds for them is opened (the token's SHA-256 alone
 * is kept, cleared when used), then `open` for the licence's admins until one marks it `done`, which the law
 * wants within a month of the confirmation (`due_at`). No email or name is kept here: the candidate's id names
 * the person, and an erasure sets it to null, the request staying as the record that it was answered.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenceId: licenceColumn(),
    candidateId: integer('candidate_id').references(() => candidates.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: PRIVACY_REQUEST_KINDS }).notNull(),
    state: text('state', { enum: PRIVACY_REQUEST_STATES }).notNull().default('unconfirmed'),
    /** The SHA-256 (hex) of the mailed link's token, until the link is used. */
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }).notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneBy: integer('done_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // The admins' list: a licence's open requests by deadline.
    index('privacy_requests_licence_state_due_idx').on(t.licenceId, t.state, t.dueAt, t.id),
    index('privacy_requests_candidate_idx').on(t.candidateId),
    index('privacy_requests_done_by_idx').on(t.doneBy),
    uniqueIndex('privacy_requests_token_hash').on(t.tokenHash).where(sql`${t.tokenHash} is not null`),
    check('privacy_requests_kind', sql`${t.kind} in ('access', 'erasure')`),
    check('privacy_requests_state', sql`${t.state} in ('unconfirmed', 'open', 'done')`),
  ],
);
