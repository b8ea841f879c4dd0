import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { callPage } from '../../api/call';
import { withErrorToast } from '../../api/notify-error';
import { i18n } from '../../i18n/i18n';
import { type Company, companyKeys } from './company';

/** How many companies the selector offers for one search. */
const COMPANIES_PER_SEARCH = 100;

/** GET /companies?filters[search]=…; a failure toasts 'The companies could not be fetched'. */
export const searchCompanies = async (search: string): Promise<Company[]> =>
  (
    await withErrorToast(
      () =>
        callPage(routes.companies.list, 1, COMPANIES_PER_SEARCH, {
          query: { filters: { search: search.trim() || undefined } },
        }),
      i18n.t('errors.companiesFetch'),
    )
  ).data;

export const companiesQueryOptions = (search: string) =>
  queryOptions({ queryKey: companyKeys.search(search.trim()), queryFn: () => searchCompanies(search) });

export const useCompanies = (search: string, enabled: boolean) =>
  useQuery({ ...companiesQueryOptions(search), enabled, placeholderData: keepPreviousData });
