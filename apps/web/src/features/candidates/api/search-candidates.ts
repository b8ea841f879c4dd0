import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call, type ResultOf } from '../../../shared/api/call';
import { withErrorToast } from '../../../shared/api/notify-error';
import { i18n } from '../../../shared/i18n/i18n';
import { candidateKeys } from '../../../shared/resources/candidates/candidate';
import { CANDIDATES_PER_PAGE, type CandidateSearchParams } from '../types';

/** A page of the search; `totalCountCapped` is true when the server stopped counting at its cap ("1000+"). */
export type CandidatePage = ResultOf<typeof routes.candidates.search>;

/**
 * GET /candidates/search: 20 per page, `filters[search]`, `filters[in_cvs]`, `filters[tags][]` and
 * `filters[source]` (SPEC section 7, decision 185, issue 23), `filters[legal_basis]` (issue 24); a failure
 * toasts 'The candidate data could not be fetched'.
 */
export const searchCandidates = (params: CandidateSearchParams): Promise<CandidatePage> =>
  withErrorToast(
    () =>
      call(routes.candidates.search, {
        query: {
          page: params.page,
          perPage: CANDIDATES_PER_PAGE,
          filters: {
            search: params.search.trim() || undefined,
            inCvs: params.inCvs && params.search.trim() ? 'true' : undefined,
            tags: params.tags.length > 0 ? params.tags : undefined,
            source: params.source || undefined,
            legalBasis: params.legalBasis || undefined,
          },
        },
      }),
    i18n.t('errors.candidateDataFetch'),
  );

export const candidateSearchQueryOptions = (params: CandidateSearchParams) =>
  queryOptions({ queryKey: candidateKeys.search(params), queryFn: () => searchCandidates(params) });

/** The screen's page; the previous one stays on screen while the next loads (SPEC section 4, "Lists"). */
export const useCandidateSearch = (params: CandidateSearchParams) =>
  useQuery({ ...candidateSearchQueryOptions(params), placeholderData: keepPreviousData });
