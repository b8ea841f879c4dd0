import { index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
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
