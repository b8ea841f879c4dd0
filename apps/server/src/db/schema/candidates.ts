import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tags } from './catalog.ts';
import { licenceColumn } from './tenant.ts';

export type CandidateDetails = {
  title?: string | null;
  skills?: string[];
  educations?: { school?: string | null; degree?: string[] }[];
  experiences?: { company?: string | null }[];
};
export type CandidateManualData = {
  firstName?: string | null;
  lastName?: string | null;
  title?: string | null;
};
export type SocialNetwork = {
  type: 'facebook' | 'github' | 'linkedin' | 'twitter' | 'google_plus';
  value: string;
};

export const candidates = pgTable(
  'candidates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenceId: licenceColumn(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    linkedinUrl: text('linkedin_url'),
    pictureUrl: text('picture_url'),
    details: jsonb('details').$type<CandidateDetails>().notNull().default({}),
    manualData: jsonb('manual_data').$type<CandidateManualData>().notNull().default({}),
    socialNetworks: jsonb('social_networks').$type<SocialNetwork[]>().notNull().default([]),
    /** Mirror of candidate_tags as an array with a GIN index: tag AND/OR search (DESIGN section 2). */
    tagIds: integer('tag_ids').array().notNull().default(sql`'{}'::integer[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('candidates_licence_updated_idx').on(t.licenceId, t.updatedAt.desc(), t.id.desc()),
    index('candidates_tag_ids_gin').using('gin', t.tagIds),
  ],
);

/**
 * A candidate's emails and phones. `source` tells a contact that came with the profile from one a user
 * added; a deleted contact is kept with `deleted_at` (SPEC: contacts carry added and deleted lists).
 * At most one primary email and one primary phone per candidate.
 */
export const candidateContacts = pgTable(
  'candidate_contacts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenceId: licenceColumn(),
    candidateId: integer('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['email', 'phone'] }).notNull(),
    value: text('value').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    source: text('source', { enum: ['profile', 'added'] })
      .notNull()
      .default('profile'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('candidate_contacts_candidate_idx').on(t.candidateId),
    uniqueIndex('candidate_contacts_one_primary')
      .on(t.candidateId, t.kind)
      .where(sql`${t.isPrimary} AND ${t.deletedAt} IS NULL`),
  ],
);

export const candidateTags = pgTable(
  'candidate_tags',
  {
    candidateId: integer('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.candidateId, t.tagId] }), index('candidate_tags_tag_idx').on(t.tagId)],
);
