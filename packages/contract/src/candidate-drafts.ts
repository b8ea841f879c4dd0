import { z } from 'zod';
import { CandidateEmail, CandidatePhone, CONTACTS_MAX } from './candidate-create.ts';
import { CandidateFileType } from './candidate-files.ts';
import { Id } from './common.ts';
import { DRAFTS_MAX } from './constants.ts';
import { NAME_MAX } from './names.ts';

/** What a CV's text shows (decision 188): the person corrects it before confirming. */
export const DetectedFields = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  emails: z.array(z.string()),
  phones: z.array(z.string()),
  linkedin_url: z.string().nullable(),
});
export type DetectedFields = z.infer<typeof DetectedFields>;

/** A candidate of the licence that already has one of the draft's emails or phones. */
export const DraftDuplicate = z.object({
  candidate_id: Id,
  name: z.string(),
  by: z.enum(['email', 'phone']),
  value: z.string(),
});
export type DraftDuplicate = z.infer<typeof DraftDuplicate>;

/**
 * `POST /api/candidate_drafts` (multipart, one part `file`): a CV stored, its text read and its fields
 * detected, with the candidates it may duplicate. `text_read` is false when the text could not be read (a
 * scanned PDF, a broken file): nothing is detected then, the person types the name.
 */
export const CandidateDraft = z.object({
  id: Id,
  name: z.string(),
  size: z.number().int().min(0),
  media_type: CandidateFileType,
  text_read: z.boolean(),
  detected: DetectedFields,
  duplicates: z.array(DraftDuplicate),
  created_at: z.string(),
});
export type CandidateDraft = z.infer<typeof CandidateDraft>;

const optionalName = z
  .string()
  .trim()
  .max(NAME_MAX, { error: `must be at most ${NAME_MAX} characters` })
  .refine((v) => !v.includes('\u0000'), { error: 'must not contain a NUL character' })
  .nullish()
  .transform((v) => (v ? v : null));

/** One draft as the person confirms it: the fields as corrected. */
export const ConfirmedDraft = z
  .strictObject({
    id: Id,
    first_name: optionalName,
    last_name: optionalName,
    linkedin_url: optionalName.pipe(z.string().max(2000).nullable()),
    emails: z.array(CandidateEmail).max(CONTACTS_MAX).optional().default([]),
    phones: z.array(CandidatePhone).max(CONTACTS_MAX).optional().default([]),
  })
  .refine((c) => c.first_name || c.last_name || c.emails.length > 0, {
    error: 'needs a first name, a last name or an email',
  });

/**
 * `POST /api/candidate_drafts/confirm`: creates a candidate from each draft, in one transaction, each
 * costing a credit as any creation does (402 `credits_exhausted` when too few are left, nothing written);
 * 409 `duplicate_candidate` when one of the emails is already a candidate's or given twice; the draft's CV
 * becomes the candidate's CV. Another user's or licence's draft is 404.
 */
export const ConfirmDraftsInput = z.strictObject({
  drafts: z
    .array(ConfirmedDraft)
    .min(1)
    .max(DRAFTS_MAX)
    .refine((drafts) => new Set(drafts.map((d) => d.id)).size === drafts.length, {
      error: 'names a draft twice',
    })
    .refine(
      (drafts) => {
        const emails = drafts.flatMap((d) => [...new Set(d.emails.map((e) => e.toLowerCase()))]);
        return new Set(emails).size === emails.length;
      },
      { error: 'gives one email to two candidates' },
    ),
});
export type ConfirmDraftsInput = z.input<typeof ConfirmDraftsInput>;

export const ConfirmDraftsResult = z.object({
  created: z.array(z.object({ draft_id: Id, candidate_id: Id })),
  credits_left: z.number().int(),
});
export type ConfirmDraftsResult = z.infer<typeof ConfirmDraftsResult>;
