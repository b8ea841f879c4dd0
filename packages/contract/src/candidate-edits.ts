import { z } from 'zod';
import { ContactType } from './candidates.ts';
import { Id } from './common.ts';
import { EMAIL_MAX, isValidContact } from './contact-patterns.ts';
import { NAME_MAX } from './names.ts';

const noNul = (v: string) => !v.includes('\u0000');

/** A short text a recruiter types: trimmed, at most NAME_MAX characters; empty or null clears it. */
const ShortText = z
  .string()
  .trim()
  .max(NAME_MAX, { error: `must be at most ${NAME_MAX} characters` })
  .refine(noNul, { error: 'must not contain a NUL character' })
  .transform((v) => (v === '' ? null : v))
  .nullable();

/**
 * `PATCH /api/candidates/{id}/` body (SPEC section 7). `manual_data`: what a recruiter typed over the
 * profile; each key given replaces the stored one (null or '' clears it), keys left out stay. `details`: the
 * profile's title, skills, educations and experiences; each key given replaces the stored one. Answers the
 * Candidate with a new `updated_at`. Unknown keys are ignored.
 */
export const CandidatePatch = z.strictObject({
  candidate: z.strictObject({
    manual_data: z
      .strictObject({
        first_name: ShortText.optional(),
        last_name: ShortText.optional(),
        title: ShortText.optional(),
      })
      .optional(),
    details: z
      .strictObject({
        title: ShortText.optional(),
        skills: z.array(z.string().trim().min(1).max(NAME_MAX).refine(noNul)).max(200).optional(),
        educations: z
          .array(
            z.strictObject({
              school: ShortText.optional(),
              degree: z.array(z.string().trim().max(NAME_MAX).refine(noNul)).max(20).optional(),
            }),
          )
          .max(50)
          .optional(),
        experiences: z
          .array(z.strictObject({ company: ShortText.optional() }))
          .max(100)
          .optional(),
      })
      .optional(),
  }),
});
export type CandidatePatch = z.input<typeof CandidatePatch>;

const contactValue = z
  .string()
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(EMAIL_MAX, { error: `must be at most ${EMAIL_MAX} characters` })
  .refine(noNul, { error: 'must not contain a NUL character' });

/**
 * `PATCH /api/candidates/{id}/add_contact` body `{type, value}` (SPEC sections 5 and 7): an e-mail must match
 * the basic e-mail pattern ('Invalid email format'), a phone the international pattern ('Invalid phone
 * format'); both answer 400. A contact the candidate already has (an e-mail in any case, a phone with the same
 * digits) answers 409 `{error: 'conflict', message: 'The candidate already has this email'}` (or 'phone').
 * A contact the candidate had deleted comes back. The first contact of its kind becomes the primary one.
 * Answers the Candidate.
 */
export const ContactInput = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('email'),
    value: contactValue.refine((v) => isValidContact('email', v), { error: 'Invalid email format' }),
  }),
  z.strictObject({
    type: z.literal('phone'),
    value: contactValue.refine((v) => isValidContact('phone', v), { error: 'Invalid phone format' }),
  }),
]);
export type ContactInput = z.input<typeof ContactInput>;

/**
 * `PATCH /api/candidates/{id}/delete_contact` and `/set_primary_contact` body `{type, value}`: names one of
 * the candidate's contacts in use (compared as add_contact compares them; else 404 'Contact not found').
 * Deleting the primary one makes the oldest remaining contact of its kind primary. Both answer the Candidate.
 */
export const ContactRef = z.strictObject({ type: ContactType, value: contactValue });
export type ContactRef = z.input<typeof ContactRef>;

/**
 * `POST` and `DELETE /api/candidates/{candidateId}/tags/{tagId}`: attach / detach a tag of the licence,
 * idempotent; answer the Candidate. Creating a tag is `POST /api/tags`, under the licence's `tags_rule`.
 */
export const CandidateTagParams = z.object({ candidateId: Id, tagId: Id });
export type CandidateTagParams = z.infer<typeof CandidateTagParams>;
