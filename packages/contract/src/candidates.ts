import { z } from 'zod';
import { Tag } from './named-lists.ts';

/** The social networks a candidate may have (SPEC section 9). */
export const SocialNetworkType = z.enum(['facebook', 'github', 'linkedin', 'twitter', 'google_plus']);
export type SocialNetworkType = z.infer<typeof SocialNetworkType>;

export const SocialNetwork = z.object({ type: SocialNetworkType, value: z.string() });
export type SocialNetwork = z.infer<typeof SocialNetwork>;

/** What a candidate's profile says (SPEC section 3); every part may be missing. */
export const CandidateDetails = z.object({
  title: z.string().nullable().optional(),
  skills: z.array(z.string()).optional(),
  educations: z
    .array(z.object({ school: z.string().nullable().optional(), degree: z.array(z.string()).optional() }))
    .optional(),
  experiences: z.array(z.object({ company: z.string().nullable().optional() })).optional(),
});
export type CandidateDetails = z.infer<typeof CandidateDetails>;

/** What a recruiter typed over the profile; the name and title fall back to it (SPEC section 3). */
export const CandidateManualData = z.object({
  first_name: z.string().nullable().optional(),
  last_name: z.string().nullable().optional(),
  title: z.string().nullable().optional(),
});
export type CandidateManualData = z.infer<typeof CandidateManualData>;

/**
 * A candidate's contacts (SPEC section 3 "contacts {emails[], phones[] plus added and deleted lists of
 * each}"). `emails` / `phones`: every contact in use, the primary first, then oldest first. `added_*`: those a
 * user added by hand (also in `emails` / `phones` while not deleted). `deleted_*`: those a user deleted.
 */
export const CandidateContacts = z.object({
  emails: z.array(z.string()),
  phones: z.array(z.string()),
  added_emails: z.array(z.string()),
  added_phones: z.array(z.string()),
  deleted_emails: z.array(z.string()),
  deleted_phones: z.array(z.string()),
});
export type CandidateContacts = z.infer<typeof CandidateContacts>;

/**
 * Why Vivier holds a candidate's data (issue 24, decision 195): `consent` (given on the careers apply form or
 * the retention link; its text in the candidate's consents) or `legitimate_interest` (sourced, imported,
 * typed in by a user).
 */
export const LegalBasis = z.enum(['consent', 'legitimate_interest']);
export type LegalBasis = z.infer<typeof LegalBasis>;

/**
 * A candidate as the API answers it (SPEC section 3).
 * - `first_name` / `last_name`: the profile's, else the manual data's (null when neither has one);
 *   `full_name` joins them (empty string when both are null).
 * - `email` / `phone`: the primary contact, else the first of `contacts` (null when none).
 * - `social_networks`: the profile's, else one linkedin entry from `linkedin_url` (empty when neither).
 * - `tags` sorted by name; `created_at` / `updated_at` ISO 8601. Every change to a candidate (manual data,
 *   contacts, tags) moves `updated_at`; candidate lists sort by it, newest first (SPEC section 9).
 * - `legal_basis` since `legal_basis_at` (ISO 8601), set by the user `legal_basis_by` (null when the
 *   candidate gave it, or for candidates from before issue 24).
 * - `erased_at`: when the candidate was erased (decision 193), else null. An erased candidate is a tombstone:
 *   no name, contact, tag or detail, its applications' statuses and dates kept; it takes no write (404).
 */
export const Candidate = z.object({
  id: z.number(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  full_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  linkedin_url: z.string().nullable(),
  picture_url: z.string().nullable(),
  details: CandidateDetails,
  manual_data: CandidateManualData,
  contacts: CandidateContacts,
  social_networks: z.array(SocialNetwork),
  tags: z.array(Tag),
  legal_basis: LegalBasis,
  legal_basis_at: z.string(),
  legal_basis_by: z.number().nullable(),
  erased_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Candidate = z.infer<typeof Candidate>;

/** The contact kinds of `add_contact`, `delete_contact` and `set_primary_contact`. */
export const ContactType = z.enum(['email', 'phone']);
export type ContactType = z.infer<typeof ContactType>;
