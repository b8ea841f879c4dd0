import type { Candidate, SocialNetwork } from '@vivier/contract';
import type { CandidateRow } from './candidates.queries.ts';

const nonEmpty = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/**
 * The candidate as the API shows it (SPEC section 3): the name falls back from the profile to the manual
 * data; email and phone are the primary contact, else the first one; the social networks fall back to one
 * linkedin entry from `linkedin_url`.
 */
export function presentCandidate(row: CandidateRow): Candidate {
  const manual = row.manualData;
  const firstName = nonEmpty(row.firstName) ?? nonEmpty(manual.firstName);
  const lastName = nonEmpty(row.lastName) ?? nonEmpty(manual.lastName);
  const live = row.contacts.filter((c) => !c.deleted);
  const values = (kind: 'email' | 'phone', rows = live) =>
    rows.filter((c) => c.kind === kind).map((c) => c.value);
  const added = live.filter((c) => c.source === 'added');
  const deleted = row.contacts.filter((c) => c.deleted);
  const emails = values('email');
  const phones = values('phone');
  const socialNetworks: SocialNetwork[] =
    row.socialNetworks.length > 0
      ? row.socialNetworks
      : row.linkedinUrl
        ? [{ type: 'linkedin', value: row.linkedinUrl }]
        : [];
  return {
    id: row.id,
    first_name: firstName,
    last_name: lastName,
    full_name: [firstName, lastName].filter(Boolean).join(' '),
    // Contacts come primary first (candidates.queries.ts), so the first is the primary when there is one.
    email: emails[0] ?? null,
    phone: phones[0] ?? null,
    linkedin_url: row.linkedinUrl,
    picture_url: row.pictureUrl,
    details: {
      title: row.details.title ?? null,
      skills: row.details.skills ?? [],
      educations: row.details.educations ?? [],
      experiences: row.details.experiences ?? [],
    },
    manual_data: {
      first_name: manual.firstName ?? null,
      last_name: manual.lastName ?? null,
      title: manual.title ?? null,
    },
    contacts: {
      emails,
      phones,
      added_emails: values('email', added),
      added_phones: values('phone', added),
      deleted_emails: values('email', deleted),
      deleted_phones: values('phone', deleted),
    },
    social_networks: socialNetworks,
    tags: row.tags,
    legal_basis: row.legalBasis,
    legal_basis_at: row.legalBasisAt.toISOString(),
    legal_basis_by: row.legalBasisBy,
    erased_at: row.erasedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
