import { QUESTION_KINDS } from '@vivier/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { candidates } from './candidates.ts';
import { jobApplications, jobOffers } from './job-offers.ts';
import { licences } from './licences.ts';
import { licenceColumn, partOf } from './tenant.ts';

/**
 * A licence's careers site (issue 23): its address `/careers/{slug}`, what it says of the company (introduction,
 * colour, logo) and the privacy notice the apply form links to. One row per licence, made when first edited.
 */
export const careersSites = pgTable(
  'careers_sites',
  {
    licenceId: integer('licence_id')
      .primaryKey()
      .references(() => licences.id, { onDelete: 'cascade' }),
    /** Lower-case letters, digits and hyphens; unique across licences (it is the public address). */
    slug: text('slug').notNull(),
    intro: text('intro').notNull().default(''),
    /** `#rrggbb`. */
    colour: text('colour').notNull().default('#364fc7'),
    /** The logo in the file store (decision 184), or none. */
    logoKey: text('logo_key'),
    logoMediaType: text('logo_media_type'),
    privacyNoticeUrl: text('privacy_notice_url'),
    /**
     * The mail an applicant receives (issue 23), per language; null is the built-in text. Plain text with the
     * placeholders `{first_name}`, `{last_name}`, `{job_offer}` and `{organisation}` (decision 191).
     */
    confirmationSubjectEn: text('confirmation_subject_en'),
    confirmationBodyEn: text('confirmation_body_en'),
    confirmationSubjectFr: text('confirmation_subject_fr'),
    confirmationBodyFr: text('confirmation_body_fr'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('careers_sites_slug_unique').on(t.slug),
    check('careers_sites_slug', sql`${t.slug} ~ '^[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$'`),
    check('careers_sites_colour', sql`${t.colour} ~ '^#[0-9a-f]{6}$'`),
  ],
);

/** A question of an offer's apply form (issue 23), in `position` order; `choices` for single_choice only. */
export const jobOfferQuestions = pgTable(
  'job_offer_questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenceId: licenceColumn(),
    jobOfferId: partOf('job_offer_id', () => jobOffers.id),
    position: integer('position').notNull(),
    kind: text('kind', { enum: QUESTION_KINDS }).notNull(),
    label: text('label').notNull(),
    choices: text('choices').array().notNull().default(sql`'{}'::text[]`),
    required: boolean('required').notNull().default(false),
  },
  (t) => [
    index('job_offer_questions_offer_idx').on(t.jobOfferId, t.position),
    index('job_offer_questions_licence_idx').on(t.licenceId),
    check(
      'job_offer_questions_kind',
      sql`${t.kind} in ('short_text', 'long_text', 'yes_no', 'single_choice')`,
    ),
  ],
);

/**
 * A candidate's consent given on the apply form (issue 23): the text they agreed to, as shown, when and from
 * which address. Kept as given, never edited.
 */
export const candidateConsents = pgTable(
  'candidate_consents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenceId: licenceColumn(),
    candidateId: partOf('candidate_id', () => candidates.id),
    jobApplicationId: integer('job_application_id').references(() => jobApplications.id, {
      onDelete: 'set null',
    }),
    text: text('text').notNull(),
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('candidate_consents_candidate_idx').on(t.candidateId, t.id.desc()),
    index('candidate_consents_licence_idx').on(t.licenceId),
    index('candidate_consents_application_idx').on(t.jobApplicationId),
  ],
);
