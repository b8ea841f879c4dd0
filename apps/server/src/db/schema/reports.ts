import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { candidates } from './candidates.ts';
import { licenceColumn, partOf } from './tenant.ts';

/**
 * What the reports count (issue 26, decision 201): one narrow row per creation, application, status move and
 * email of `candidate_events`, written by the trigger `report_facts_from_events` (migration 0028) in the
 * statement that inserts the events, so a fact exists exactly when its event was written. Nothing here names
 * the person: ids, statuses, the rejection reason's name from the licence's list, the source label, the actor
 * and the time. An erasure deletes the events but keeps the candidate's tombstone row, so its facts stay and
 * the reports still count it, anonymously; a candidate deleted outright takes its facts with it (cascade),
 * as it takes its events. No foreign key on the offer, statuses or actor: history outlives them (decision 171).
 */
export const reportFacts = pgTable(
  'report_facts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // No foreign keys since migration 0034 (decision 210): their checks cost a bulk move of 10,000 a lookup
    // per fact. A candidate deleted outright takes its facts through the trigger `report_facts_of_candidates`
    // on `candidates` (a licence's deletion deletes its candidates, so its facts too).
    licenceId: integer('licence_id').notNull(),
    candidateId: integer('candidate_id').notNull(),
    jobOfferId: integer('job_offer_id'),
    /** `created` (the candidate), `application` (created or copied into an offer), `move`, `email`. */
    kind: text('kind').notNull(),
    /** A move's status before (null from no status). */
    fromStatusId: integer('from_status_id'),
    /** A move's new status, or an application's status when it was created or copied. */
    statusId: integer('status_id'),
    /** A move that carried a rejection (decision 171), and its reason's name (null: free text only). */
    rejected: boolean('rejected').notNull().default(false),
    reason: text('reason'),
    /** An application's `source` (careers page, utm_source), `copy`; a candidate's `how` (form, import, cv, careers). */
    source: text('source'),
    actorId: integer('actor_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // Across offers for a period, and one offer's history.
    index('report_facts_licence_time_idx').on(t.licenceId, t.createdAt),
    // One offer's: migration 0037 recreates it with INCLUDE (licence, kind, candidate, statuses, rejected,
    // actor, id), which Drizzle cannot spell, so one offer's reports read it alone (decision 219).
    index('report_facts_offer_time_idx').on(t.jobOfferId, t.createdAt),
    // The candidate foreign key's, and an application's history (candidate, offer).
    index('report_facts_candidate_idx').on(t.candidateId, t.jobOfferId, t.createdAt),
    // How each candidate came (the sources report's fallback for an application without a source of its own).
    index('report_facts_created_idx').on(t.candidateId, t.createdAt).where(sql`${t.kind} = 'created'`),
    // The rejection reasons report's two halves (decision 223): the moves that carried a rejection, and the others
    // by the status they entered (read for the statuses marked rejected). Migration 0040 creates both with INCLUDE
    // (offer, from status, reason), which Drizzle cannot spell, so the report reads them alone.
    index('report_facts_rejections_idx')
      .on(t.licenceId, t.createdAt)
      .where(sql`${t.kind} = 'move' and ${t.rejected}`),
    index('report_facts_moves_to_status_idx')
      .on(t.licenceId, t.statusId, t.createdAt)
      .where(sql`${t.kind} = 'move' and not ${t.rejected}`),
  ],
);

/**
 * Each application's first creation (decision 210, migration 0034): one row per (candidate, offer) that has an
 * `application` fact, holding the earliest of them (by time, then fact id) and its source, beside how the
 * candidate came (`how`: the source of the candidate's first `created` fact). Kept by the statement trigger
 * `report_applications_from_facts` on `report_facts` (insert only: a fact is never updated; the candidate's
 * deletion takes its rows by cascade, as it takes its facts). Read by the sources report and time to hire.
 */
export const reportApplications = pgTable(
  'report_applications',
  {
    licenceId: licenceColumn(),
    candidateId: partOf('candidate_id', () => candidates.id),
    jobOfferId: integer('job_offer_id').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull(),
    /** The first `application` fact's id: which one is first when two share a time. */
    factId: integer('fact_id').notNull(),
    source: text('source'),
    how: text('how'),
    /**
     * The statuses the application ever entered (its stage entries' status keys, sorted) and whether a move
     * ever carried a rejection (an entry -2): the funnel's furthest status and outcome, read through the pipeline's order
     * at report time (decision 220, migration 0038). Kept by the same trigger; they only grow.
     */
    reached: integer('reached').array().notNull().default(sql`'{}'`),
    rejected: boolean('rejected').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.candidateId, t.jobOfferId] }),
    // The period's applications of the scope's offers, without reading the heap for the offer; migration 0038
    // recreates it with INCLUDE (reached, rejected, source, how), which Drizzle cannot spell: the funnel and
    // sources read it alone (decision 220).
    index('report_applications_licence_time_idx').on(t.licenceId, t.appliedAt, t.jobOfferId),
    // One offer's period (migration 0038, INCLUDE licence, reached, rejected, source, how).
    index('report_applications_offer_time_idx').on(t.jobOfferId, t.appliedAt),
  ],
);

/**
 * Each application's first entry into each status (decision 210, migration 0034): one row per (candidate,
 * offer, status) that a creation, copy or move put the application in (`status_key` 0: no status; -2: a move
 * that carried a rejection, since migration 0038, decision 220), at the earliest such fact's time. Kept by the same trigger with `least()`, so concurrent moves commute and a replay
 * changes nothing. The hires (first entry into the hire status, which the pipeline's order decides when a
 * report is read) are one range of `report_stage_entries_status_idx`.
 */
export const reportStageEntries = pgTable(
  'report_stage_entries',
  {
    // No foreign keys: their checks and a candidate-led key cost a bulk move of 10,000 a lookup and a random
    // write each. A candidate or licence deleted takes its facts, and the facts' delete trigger its entries
    // (decision 210).
    licenceId: integer('licence_id').notNull(),
    candidateId: integer('candidate_id').notNull(),
    jobOfferId: integer('job_offer_id').notNull(),
    statusKey: integer('status_key').notNull(),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull(),
    /**
     * The application's first creation (its `report_applications.applied_at`; null while it has none), kept by
     * the same trigger: time to hire reads the period's hires from the status index alone (decision 223).
     */
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    // Led by the offer: a bulk move's entries are one offer's, neighbours in the index.
    primaryKey({ columns: [t.jobOfferId, t.candidateId, t.statusKey] }),
    // The period's hires of the scope's offers, index only; migration 0041 recreates it with INCLUDE (applied_at),
    // which Drizzle cannot spell, for time to hire (decision 223).
    index('report_stage_entries_status_idx').on(
      t.licenceId,
      t.statusKey,
      t.enteredAt,
      t.jobOfferId,
      t.candidateId,
    ),
  ],
);

/**
 * How many applications were created (or copied) and moves made per offer, ISO week (Monday, UTC), kind and
 * actor (decision 210, migration 0034): velocity's weeks and team activity's moves read the period's whole
 * weeks here and only its partial first and last weeks from the facts. Added to by the trigger
 * `report_aggregates_from_facts` as facts are inserted, taken from by `report_aggregates_from_deleted_facts`
 * when facts go (a candidate deleted outright, by cascade), so a row is always the count of its facts.
 */
export const reportWeeklyCounts = pgTable(
  'report_weekly_counts',
  {
    licenceId: licenceColumn(),
    jobOfferId: integer('job_offer_id').notNull(),
    week: date('week', { mode: 'string' }).notNull(),
    /** `application`, `move` or `email` (decision 218), as the facts' kind. */
    kind: text('kind').notNull(),
    /** The actor's id, 0 for none. */
    actorKey: integer('actor_key').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.jobOfferId, t.week, t.kind, t.actorKey] }),
    index('report_weekly_counts_licence_week_idx').on(t.licenceId, t.week),
  ],
);

/**
 * Each application's stays (decision 222, migration 0039): one row per `application` or `move` fact, with its
 * time and the status it entered, and the stay it ended: the status the application was in and since when (the
 * previous fact's, null for the application's first). Time in stage reads a period's stays here: those that began
 * in it and have ended, each `at - stay_began_at` long. Kept by the statement trigger `report_stays_from_facts` on
 * `report_facts`, which places new facts among the application's rows (read by the primary key): a fact after the
 * others is one insert; one written out of order also changes the row after it. The candidate's deletion takes
 * the rows through `report_stays_from_deleted_facts`; an erasure keeps them. No foreign keys, as for the stage
 * entries.
 */
export const reportStays = pgTable(
  'report_stays',
  {
    licenceId: integer('licence_id').notNull(),
    candidateId: integer('candidate_id').notNull(),
    jobOfferId: integer('job_offer_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Which fact is first when two share a time. */
    factId: integer('fact_id').notNull(),
    /** The status the fact put the application in (null: none). */
    statusId: integer('status_id'),
    /** The stay this fact ended: its status (null: none) and when it began (null: the application's first fact). */
    stayStatusId: integer('stay_status_id'),
    stayBeganAt: timestamp('stay_began_at', { withTimezone: true }),
  },
  (t) => [
    // An application's history in order: the trigger reads an application's rows here.
    primaryKey({ columns: [t.jobOfferId, t.candidateId, t.at, t.factId] }),
    // Each status's stays of a period, of a licence and of one offer; migration 0039 creates both partial (stays
    // in a status) with INCLUDE (offer or licence, end), which Drizzle cannot spell, so they are read alone.
    index('report_stays_licence_status_idx').on(t.licenceId, t.stayStatusId, t.stayBeganAt),
    index('report_stays_offer_status_idx').on(t.jobOfferId, t.stayStatusId, t.stayBeganAt),
  ],
);
