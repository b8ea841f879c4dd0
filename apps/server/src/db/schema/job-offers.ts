import { CONTRACT_TYPES, WORKPLACES } from '@vivier/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { candidates } from './candidates.ts';
import { companies, tags } from './catalog.ts';
import { licenceColumn, nameSearchIndexes, partOf } from './tenant.ts';
import { users } from './users.ts';

/** A pipeline status of the licence (at most 10: SPEC section 6). */
export const statuses = pgTable(
  'statuses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenceId: licenceColumn(),
    name: text('name').notNull(),
    index: integer('index').notNull(),
    color: text('color').notNull(),
    /** Moving an application here asks for a rejection reason (issue 21). */
    rejected: boolean('rejected').notNull().default(false),
  },
  (t) => [
    index('statuses_licence_idx').on(t.licenceId, t.index),
    check('statuses_color_hex', sql`${t.color} ~ '^[0-9a-fA-F]{6}$'`),
  ],
);

export const emailTemplates = pgTable(
  'email_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenceId: licenceColumn(),
    name: text('name').notNull(),
    subject: text('subject').notNull().default(''),
    content: text('content').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_templates_licence_idx').on(t.licenceId)],
);

export const jobOffers = pgTable(
  'job_offers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenceId: licenceColumn(),
    name: text('name').notNull(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** The manager: the user who created the offer. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    archived: boolean('archived').notNull().default(false),
    emailTemplateId: integer('email_template_id').references(() => emailTemplates.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // What the offer says in public (issue 23): its posting. `description` is sanitised rich text.
    description: text('description').notNull().default(''),
    city: text('city'),
    /** ISO 3166-1 alpha-2, upper case. */
    country: text('country'),
    workplace: text('workplace', { enum: WORKPLACES }).notNull().default('on_site'),
    contractType: text('contract_type', { enum: CONTRACT_TYPES }),
    salaryMin: integer('salary_min'),
    salaryMax: integer('salary_max'),
    /** ISO 4217, upper case; set when a salary is. */
    salaryCurrency: text('salary_currency'),
    /** On the careers site; archiving unpublishes. */
    published: boolean('published').notNull().default(false),
    /** The offer's address on the careers site, unique in the licence; kept when unpublished, so links stay. */
    publicSlug: text('public_slug'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('job_offers_public_slug_unique').on(t.licenceId, t.publicSlug),
    // The careers site's list: the licence's published offers, newest first.
    index('job_offers_published_idx')
      .on(t.licenceId, t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.published} and not ${t.archived}`),
    check('job_offers_workplace', sql`${t.workplace} in ('on_site', 'hybrid', 'remote')`),
    check(
      'job_offers_salary',
      sql`(${t.salaryMin} is null or ${t.salaryMin} >= 0) and (${t.salaryMax} is null or ${t.salaryMin} is null or ${t.salaryMax} >= ${t.salaryMin})`,
    ),
    index('job_offers_licence_archived_created_idx').on(
      t.licenceId,
      t.archived,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    ...nameSearchIndexes('job_offers', t),
    index('job_offers_user_idx').on(t.userId),
    index('job_offers_company_idx').on(t.companyId),
    index('job_offers_email_template_idx').on(t.emailTemplateId),
  ],
);

export const jobOfferAssignedUsers = pgTable(
  'job_offer_assigned_users',
  {
    jobOfferId: partOf('job_offer_id', () => jobOffers.id),
    userId: partOf('user_id', () => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.jobOfferId, t.userId] }),
    index('job_offer_assigned_users_user_idx').on(t.userId),
  ],
);

export const jobOfferTags = pgTable(
  'job_offer_tags',
  {
    jobOfferId: partOf('job_offer_id', () => jobOffers.id),
    tagId: partOf('tag_id', () => tags.id),
  },
  (t) => [primaryKey({ columns: [t.jobOfferId, t.tagId] }), index('job_offer_tags_tag_idx').on(t.tagId)],
);

/** A candidate in a job offer's pipeline; a candidate is in a job offer at most once. */
export const jobApplications = pgTable(
  'job_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenceId: licenceColumn(),
    candidateId: partOf('candidate_id', () => candidates.id),
    jobOfferId: partOf('job_offer_id', () => jobOffers.id),
    statusId: integer('status_id').references(() => statuses.id, { onDelete: 'set null' }),
    comment: text('comment'),
    /**
     * A copy of the candidate's `updated_at`, the order of an offer's candidate list (SPEC section 9), so a page
     * of 20,000 applications is read from one index instead of joining every candidate
     * (docs/decisions/050-job-application-list-order.md). Kept equal by `touchCandidates`, which every change to
     * a candidate goes through; an insert sets it with `candidateSortKey` (job-applications/candidate-sort-key.ts).
     */
    candidateUpdatedAt: timestamp('candidate_updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Where the application came from (issue 23): `careers_page`, the `?source=` / `utm_source` of the careers
     * link, or null for one a recruiter added.
     */
    source: text('source'),
    /** The answers to the offer's questions given on the apply form: `[{question_id, label, answer}]`. */
    answers: jsonb('answers').notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [
    uniqueIndex('job_applications_offer_candidate_unique').on(t.jobOfferId, t.candidateId),
    index('job_applications_offer_status_idx').on(t.jobOfferId, t.statusId),
    // An export reads an offer's applications in batches, in id order after the last one read (keyset pages).
    index('job_applications_offer_id_idx').on(t.jobOfferId, t.id),
    index('job_applications_candidate_idx').on(t.candidateId),
    index('job_applications_licence_idx').on(t.licenceId),
    // The candidates screen's filter by source (issue 23): a licence's candidates who applied through one.
    index('job_applications_source_idx')
      .on(t.licenceId, t.source, t.candidateId)
      .where(sql`${t.source} is not null`),
    index('job_applications_status_idx').on(t.statusId),
    // An offer's list page, whole or filtered by status, as an index-only scan (id last, licence first).
    index('job_applications_offer_order_idx').on(
      t.licenceId,
      t.jobOfferId,
      t.candidateUpdatedAt.desc(),
      t.candidateId.desc(),
      t.id,
    ),
    index('job_applications_offer_status_order_idx').on(
      t.licenceId,
      t.jobOfferId,
      t.statusId,
      t.candidateUpdatedAt.desc(),
      t.candidateId.desc(),
      t.id,
    ),
  ],
);

/**
 * How many applications each offer has in each status (issue 29), so the job offers index reads a handful of
 * rows whatever an offer's size instead of counting its applications. Kept by statement triggers on
 * `job_applications` (migration 0030, decision 206): every insert, move, deletion, status deletion or erasure
 * changes the counts in its own statement's transaction, whichever code path made it.
 */
export const jobOfferStatusCounts = pgTable(
  'job_offer_status_counts',
  {
    licenceId: licenceColumn(),
    jobOfferId: partOf('job_offer_id', () => jobOffers.id),
    /** The status's id, or 0 for the applications whose status was deleted (their `status_id` is null). */
    statusKey: integer('status_key').notNull(),
    applications: integer('applications').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.jobOfferId, t.statusKey] }),
    index('job_offer_status_counts_licence_idx').on(t.licenceId),
  ],
);
