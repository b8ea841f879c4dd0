import type { Company as WireCompany } from '@vivier/contract';
import type { Camelize } from '../../api/case';

/** A company of the licence (SPEC section 3), as the app sees it. */
export type Company = Camelize<WireCompany>;

export const companyKeys = {
  all: ['companies'] as const,
  search: (search: string) => [...companyKeys.all, 'search', search] as const,
};
