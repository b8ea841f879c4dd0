import type { Company } from '../../../../shared/resources/companies/company';

/**
 * SPEC section 2 and 5: 'Create and set company: {text}' is offered when the search is longer than 1 character
 * and no company found has exactly this name (ignoring case).
 */
export function canCreateCompany(search: string, found: Company[]): boolean {
  const name = search.trim().toLowerCase();
  return name.length > 1 && !found.some((company) => company.name.toLowerCase() === name);
}
