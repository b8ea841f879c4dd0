import type { ContractType, Workplace } from '@vivier/contract';
import type { JobOffer } from '../../types';

/** The posting as the form edits it: text inputs hold strings, an empty one means none. */
export type PostingDraft = {
  description: string;
  city: string;
  country: string;
  workplace: Workplace;
  contractType: ContractType | null;
  salaryMin: number | '';
  salaryMax: number | '';
  salaryCurrency: string;
  published: boolean;
};

export const postingDraftOf = (offer: JobOffer): PostingDraft => ({
  description: offer.description,
  city: offer.city ?? '',
  country: offer.country ?? '',
  workplace: offer.workplace,
  contractType: offer.contractType,
  salaryMin: offer.salaryMin ?? '',
  salaryMax: offer.salaryMax ?? '',
  salaryCurrency: offer.salaryCurrency ?? '',
  published: offer.published,
});

const orNull = <T>(value: T | '') => (value === '' ? null : value);

/** The PATCH fields of a draft: every posting field, empty ones as null. */
export const postingFieldsOf = (draft: PostingDraft) => ({
  description: draft.description,
  city: orNull(draft.city.trim()),
  country: orNull(draft.country.trim().toUpperCase()),
  workplace: draft.workplace,
  contractType: draft.contractType,
  salaryMin: orNull(draft.salaryMin),
  salaryMax: orNull(draft.salaryMax),
  salaryCurrency: orNull(draft.salaryCurrency.trim().toUpperCase()),
  published: draft.published,
});

/** What the form can tell before sending (the server checks again): the i18n key of each field's problem. */
export function postingProblems(draft: PostingDraft) {
  const hasSalary = draft.salaryMin !== '' || draft.salaryMax !== '';
  return {
    country:
      draft.country.trim() !== '' && !/^[a-z]{2}$/i.test(draft.country.trim()) ? 'countryFormat' : undefined,
    salaryMin:
      draft.salaryMin !== '' && draft.salaryMax !== '' && draft.salaryMin > draft.salaryMax
        ? 'salaryRange'
        : undefined,
    salaryCurrency:
      hasSalary && !/^[a-z]{3}$/i.test(draft.salaryCurrency.trim()) ? 'currencyFormat' : undefined,
  };
}
