import type { Candidate } from '../../../shared/resources/candidates/candidate';

/**
 * What a row, card or panel calls a candidate: the full name (the server already falls back from the profile to the
 * manual data, SPEC section 3), else the primary e-mail, else `fallback`.
 */
export const candidateName = (candidate: Candidate | undefined, fallback: string): string =>
  candidate?.fullName.trim() || candidate?.email || fallback;

/** The title a row or panel shows: the profile's, else the manual one (SPEC section 2, "Candidate card"). */
export const candidateTitle = (candidate: Candidate | undefined): string | null =>
  candidate?.details.title || candidate?.manualData.title || null;
