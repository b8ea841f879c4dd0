import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { licenceColumn } from './tenant.ts';

/**
 * The audit log (issue 24, decision 192): what was done, by whom, when and from where, one chain per licence.
 * Append-only: a trigger refuses every UPDATE, and every DELETE but the log's own retention
 * (`vivier.audit_prune` set in that transaction). Each entry carries the hash of the one before it
 * (`prev_hash`) and its own (`hash`, over `prev_hash`, `seq` and the entry's fields): an edited or deleted
 * row breaks the chain, and `npm run cli -- audit verify` names the first broken link.
 * No foreign key on the actor or the target: an entry outlives the user, token or candidate it names, and it
 * never holds a candidate's name, email, phone or text, so erasing a candidate leaves the log whole.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    licenceId: licenceColumn(),
    /** 1, 2, 3… per licence, with no gap: taken from `audit_heads` under its row lock. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    /** user | token | candidate | system */
    actorKind: text('actor_kind').notNull(),
    actorId: integer('actor_id'),
    /** What identified the actor then (a user's email, a token's name), kept as it was. */
    actorLabel: text('actor_label'),
    /** The client address of the request, when there was one. */
    address: text('address'),
    /** What was done, dotted: `auth.sign_in`, `candidate.view`, `candidate.erase`… (contract AuditAction). */
    action: text('action').notNull(),
    targetKind: text('target_kind'),
    targetId: integer('target_id'),
    details: jsonb('details').notNull().default({}),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    // The admin screen's newest-first page (keyset on seq), unfiltered or by period (migration 0024).
    uniqueIndex('audit_entries_licence_seq').on(t.licenceId, t.seq),
    // A period's bounds as numbers: the first entry at or after a date (audit.queries.ts).
    index('audit_entries_licence_created_idx').on(t.licenceId, t.createdAt.desc(), t.id.desc()),
    // Each filter's page, newest first: one range of one index, whatever the period (migration 0024).
    index('audit_entries_licence_action_seq_idx').on(t.licenceId, t.action, t.seq),
    index('audit_entries_licence_actor_seq_idx').on(t.licenceId, t.actorId, t.seq),
    index('audit_entries_licence_target_seq_idx').on(t.licenceId, t.targetKind, t.targetId, t.seq),
  ],
);

/**
 * The head of each licence's chain: the last `seq` given, the hash of that entry and the hash before it.
 * Writing an entry moves the head and takes this row's lock until its transaction ends, so a licence's entries
 * get consecutive numbers in commit order, and a deleted last entry shows as a head ahead of the log.
 * `prev_hash` is the hash the head held before its last move: the entry written in the same statement reads
 * it from the upsert's RETURNING, which gives the row's new values only (migration 0025, decision 192).
 */
export const auditHeads = pgTable('audit_heads', {
  licenceId: licenceColumn().primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
  prevHash: text('prev_hash')
    .notNull()
    .default('0000000000000000000000000000000000000000000000000000000000000000'),
});
