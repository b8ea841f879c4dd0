import { z } from 'zod';
import { EMAIL_PATTERN, PHONE_PATTERN } from './contact-patterns.ts';
import { NAME_MAX } from './names.ts';

export const INVALID_EMAIL = 'Invalid email format';
export const INVALID_PHONE = 'Invalid phone format';

/** The most emails, phones or tags one candidate is created with. */
export const CONTACTS_MAX = 10;
export const TAGS_MAX = 50;

const noNul = (v: string) => !v.includes('\u0000');
const Text = (max = NAME_MAX) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .refine(noNul, { error: 'must not contain a NUL character' });
const optionalText = (max = NAME_MAX) =>
  Text(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const CandidateEmail = Text(320).pipe(z.string().regex(EMAIL_PATTERN, { error: INVALID_EMAIL }));
export const CandidatePhone = Text(40).pipe(z.string().regex(PHONE_PATTERN, { error: INVALID_PHONE }));

/**
 * `POST /api/candidates` body (beyond SPEC section 7: the database needs a way in). Answers 201 with the
 * Candidate. The first email and phone are the primary ones; `title` and `company` are the profile's
 * (`details.title`, `details.experiences[0].company`). At least a first name, a last name or an email.
 * - 402 `credits_exhausted` when the licence has no credit left (adding a candidate costs one: decision 004);
 * - 409 `duplicate_candidate` when a candidate of the licence already has one of the emails (ignoring case):
 *   the body names it, `{error, message, candidate_id}`; nothing is written;
 * - 422 `invalid_reference` for a tag id of no tag of the licence.
 */
export const CandidateInput = z.strictObject({
  candidate: z
    .strictObject({
      first_name: optionalText(),
      last_name: optionalText(),
      title: optionalText(),
      company: optionalText(),
      linkedin_url: optionalText(2000),
      emails: z.array(CandidateEmail).max(CONTACTS_MAX).optional().default([]),
      phones: z.array(CandidatePhone).max(CONTACTS_MAX).optional().default([]),
      tag_ids: z.array(z.number().int().positive().max(2_147_483_647)).max(TAGS_MAX).optional().default([]),
    })
    .refine((c) => c.first_name || c.last_name || c.emails.length > 0, {
      error: 'needs a first name, a last name or an email',
    }),
});
export type CandidateInput = z.input<typeof CandidateInput>;

/** The 409 body of a duplicate: the candidate that already has the email. */
export const DuplicateCandidateBody = z.object({
  error: z.literal('duplicate_candidate'),
  message: z.string(),
  candidate_id: z.number(),
});
export type DuplicateCandidateBody = z.infer<typeof DuplicateCandidateBody>;
