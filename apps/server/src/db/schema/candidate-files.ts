import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { candidates } from './candidates.ts';
import { licenceColumn, partOf } from './tenant.ts';
import { users } from './users.ts';

/** PostgreSQL's `tsvector`: written by the database only (a generated column), read only in conditions. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** How far reading a file's text has gone (decision 185): read once, off the request thread, by a queued job. */
export const TEXT_STATES = ['pending', 'done', 'failed'] as const;
export type TextState = (typeof TEXT_STATES)[number];

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
    // The text read from the file (decision 185), null until read; at most MAX_TEXT_CHARS characters.
    text: text('text'),
    textState: text('text_state', { enum: TEXT_STATES }).notNull().default('pending'),
    // Words of the text in both languages, stemmed and without accents (the vivier_en and vivier_fr
    // configurations, migration 0014): what "Search in CVs" matches through the GIN index.
    /**
     * A copy of the candidate's `tag_ids`, kept by the database's triggers (migration 0018: a file takes its
     * candidate's tags when written, and every change of a candidate's tags is copied to its files), so "Search
     * in CVs" with a tag expression is one GIN bitmap over words and tags (decision 185).
     */
    candidateTagIds: integer('candidate_tag_ids').array().notNull().default(sql`'{}'::integer[]`),
    textSearch: tsvector('text_search').generatedAlwaysAs(
      sql`to_tsvector('vivier_en'::regconfig, coalesce(text, '')) || to_tsvector('vivier_fr'::regconfig, coalesce(text, ''))`,
    ),
  },
  (t) => [
    index('candidate_files_candidate_idx').on(t.candidateId, t.id.desc()),
    index('candidate_files_licence_idx').on(t.licenceId),
    index('candidate_files_uploader_idx').on(t.uploaderId),
    // At most one CV per candidate.
    uniqueIndex('candidate_files_one_cv').on(t.candidateId).where(sql`${t.isCv}`),
    // btree_gin (migration 0003) lets the licence lead the GIN index: one licence's files are searched alone;
    // the candidate's tags beside the words let a tag expression narrow the bitmap inside the index.
    index('candidate_files_text_tags_idx').using('gin', t.licenceId, t.textSearch, t.candidateTagIds),
  ],
);
