import { useTranslation } from 'react-i18next';
import type { Candidate } from '../../../shared/resources/candidates/candidate';

/** What a candidate is called when they have no name: never named, or erased (a tombstone, decision 193). */
export interface NameTexts {
  noName: string;
  erased: string;
}

/** The two texts of `candidateName`, in the interface's language. */
export function useNameTexts(): NameTexts {
  const { t } = useTranslation();
  return { noName: t('jobOffer.noName'), erased: t('jobOffer.erased') };
}

/**
 * What a row, card or panel calls a candidate: "Erased candidate" once erased, else the full name (the server
 * already falls back from the profile to the manual data, SPEC section 3), else the primary e-mail, else
 * "Unnamed candidate".
 */
export const candidateName = (candidate: Candidate | undefined, texts: NameTexts): string =>
  candidate?.erasedAt ? texts.erased : candidate?.fullName.trim() || candidate?.email || texts.noName;

/** The title a row or panel shows: the profile's, else the manual one (SPEC section 2, "Candidate card"). */
export const candidateTitle = (candidate: Candidate | undefined): string | null =>
  candidate?.details.title || candidate?.manualData.title || null;
