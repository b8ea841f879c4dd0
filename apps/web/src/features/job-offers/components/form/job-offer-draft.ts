import type { Company } from '../../../../shared/resources/companies/company';
import type { JobOffer } from '../../types';

/** What the form edits besides the tags, which follow their own rule (SPEC section 4, "Job offer edit"). */
export interface JobOfferDraft {
  name: string;
  company: Company | null;
  assignedUsers: number[];
}

export const draftOf = (offer: JobOffer | undefined): JobOfferDraft => ({
  name: offer?.name ?? '',
  company: offer?.company ?? null,
  assignedUsers: offer?.assignedUsers ?? [],
});

const sameIds = (a: number[], b: number[]): boolean => {
  const left = [...new Set(a)].sort((x, y) => x - y);
  const right = [...new Set(b)].sort((x, y) => x - y);
  return left.length === right.length && left.every((id, index) => id === right[index]);
};

/** True when the draft differs from what it started from. */
export const isDraftChanged = (draft: JobOfferDraft, initial: JobOfferDraft): boolean =>
  draft.name !== initial.name ||
  (draft.company?.id ?? null) !== (initial.company?.id ?? null) ||
  !sameIds(draft.assignedUsers, initial.assignedUsers);

/** The wire fields of the draft (SPEC section 3: saved under the payload key jobOffer). */
export const fieldsOf = (draft: JobOfferDraft) => ({
  name: draft.name,
  companyId: draft.company?.id ?? null,
  assignedUsers: draft.assignedUsers,
});
