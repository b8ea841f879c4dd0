import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call } from '../../api/call';
import { withErrorToast } from '../../api/notify-error';
import { i18n } from '../../i18n/i18n';
import { candidateKeys } from './candidate';

/** How many candidates the command palette lists for one search. */
const CANDIDATES_PER_LOOKUP = 8;

/**
 * GET /candidates/search?filters[search]=…&per_page=8: the candidates whose name, e-mail or title matches, for
 * the command palette (issue 28), on the candidate search's indexes and budget; a failure toasts 'The candidate
 * data could not be fetched'.
 */
export const findCandidatesByName = (search: string) =>
  withErrorToast(
    () =>
      call(routes.candidates.search, {
        query: { page: 1, perPage: CANDIDATES_PER_LOOKUP, filters: { search: search.trim() } },
      }),
    i18n.t('errors.candidateDataFetch'),
  );

export const candidateLookupQueryOptions = (search: string) =>
  queryOptions({
    queryKey: candidateKeys.search({ lookup: search.trim() }),
    queryFn: () => findCandidatesByName(search),
  });

/** The palette's candidates for a search; nothing is asked for an empty one. */
export const useCandidateLookup = (search: string) =>
  useQuery({
    ...candidateLookupQueryOptions(search),
    enabled: search.trim().length > 0,
    placeholderData: keepPreviousData,
  });
