import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { candidates } from './candidates.ts';
import { licenceColumn, partOf } from './tenant.ts';
import { users } from './users.ts';

/**
 * A file attached to a candidate (issue 22, decision 184). The bytes are in the object store under
 * `storage_key`, a random name never derived from `name`: `name` is what the uploader's file was called, shown
 * and offered as the download's name, never used as a path. A row deleted with its candidate (or licence) leaves
 * its object to the sweeper (candidate-files.sweep.ts).
 */
export const candidateFiles = pgTable(
  'candidate_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenceId: licenceColumn(),
    candidateId: partOf('candidate_id', () => candidates.id),
    // The file stays when its uploader's account goes; the list then shows no uploader.
    uploaderId: integer('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    mediaType: text('media_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    isCv: boolean('is_cv').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('candidate_files_candidate_idx').on(t.candidateId, t.id.desc()),
    index('candidate_files_licence_idx').on(t.licenceId),
    index('candidate_files_uploader_idx').on(t.uploaderId),
    // At most one CV per candidate.
    uniqueIndex('candidate_files_one_cv').on(t.candidateId).where(sql`${t.isCv}`),
  ],
);
