import { useMutation, useQuery } from '@tanstack/react-query';
import type { SavedSearch as WireSavedSearch } from '@vivier/contract';
import { routes } from '@vivier/contract/routes';
import { type BodyOf, call } from '../../api/call';
import type { Camelize } from '../../api/case';
import { callOrToast } from '../../api/notify-error';
import { invalidatingMutation } from '../../api/query-client';

/** A saved search of the candidate database (issue 28, decision 208), with its new matches for the viewer. */
export type SavedSearch = Camelize<WireSavedSearch>;

/** Cache keys of saved searches: the side menu's list. */
export const savedSearchKeys = {
  all: ['saved-searches'] as const,
};

/** How often the side menu counts new matches again while the app is open. */
const RECOUNT_MS = 60_000;

/** GET /saved_searches: the viewer's own and the licence's shared ones, each with its new matches. */
export const useSavedSearches = () =>
  useQuery({
    queryKey: savedSearchKeys.all,
    queryFn: async () => (await call(routes.savedSearches.list, {})).data,
    refetchInterval: RECOUNT_MS,
  });

export type SavedSearchFields = BodyOf<typeof routes.savedSearches.create>;

/** POST /saved_searches; the side menu's list is fetched again after it. */
export const useCreateSavedSearch = () =>
  useMutation(
    invalidatingMutation(
      (body: SavedSearchFields) => callOrToast(routes.savedSearches.create, { body }, 'errors.generic'),
      savedSearchKeys.all,
    ),
  );

/** PATCH /saved_searches/{id}: rename, share or set its alert (the owner only). */
export const useUpdateSavedSearch = () =>
  useMutation(
    invalidatingMutation(
      ({ id, ...body }: { id: number } & BodyOf<typeof routes.savedSearches.update>) =>
        callOrToast(routes.savedSearches.update, { params: { id }, body }, 'errors.generic'),
      savedSearchKeys.all,
    ),
  );

/** DELETE /saved_searches/{id}. */
export const useRemoveSavedSearch = () =>
  useMutation(
    invalidatingMutation(
      (id: number) => callOrToast(routes.savedSearches.remove, { params: { id } }, 'errors.generic'),
      savedSearchKeys.all,
    ),
  );

/** POST /saved_searches/{id}/open: the viewer's new matches start again from now. */
export const useOpenSavedSearch = () =>
  useMutation(
    invalidatingMutation(
      (id: number) => callOrToast(routes.savedSearches.open, { params: { id } }, 'errors.generic'),
      savedSearchKeys.all,
    ),
  );

/** A saved search's filters, as the list and an alert's notification carry them. */
export type SavedSearchFilters = {
  search: string;
  tags: string[];
  inCvs: boolean;
  source: string;
  legalBasis: string;
};

/**
 * The candidates screen's address of a saved search (its filters as candidates-url-state.ts reads them, the
 * tag expression as `filters[tags][]`, decision 209).
 */
export function savedSearchPath(search: { query: SavedSearchFilters }): string {
  const params = new URLSearchParams();
  if (search.query.search) params.set('filters[search]', search.query.search);
  for (const element of search.query.tags) params.append('filters[tags][]', element);
  if (search.query.inCvs) params.set('filters[in_cvs]', 'true');
  if (search.query.source) params.set('filters[source]', search.query.source);
  if (search.query.legalBasis) params.set('filters[legal_basis]', search.query.legalBasis);
  const query = params.toString();
  return query ? `/candidates?${query}` : '/candidates';
}
