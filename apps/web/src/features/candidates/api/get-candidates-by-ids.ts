import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { callAll } from '../../../shared/api/call';
import { withErrorToast } from '../../../shared/api/notify-error';
import { i18n } from '../../../shared/i18n/i18n';
import { candidateKeys } from '../../../shared/resources/candidates/candidate';
import type { Candidate } from '../types';

/** The server answers at most this many ids at once. */
const IDS_PER_CALL = 500;

/**
 * GET /candidates with the header `X-Requested-Ids: 1,2,3` (SPEC section 7): the candidates asked for, in that
 * order; a failure toasts 'Could not fetch candidate'.
 */
export const getCandidatesByIds = (ids: number[]): Promise<Candidate[]> =>
  withErrorToast(
    () =>
      callAll(routes.candidates.byIds, {
        headers: { 'X-Requested-Ids': ids.slice(0, IDS_PER_CALL).join(',') },
      }),
    i18n.t('errors.candidateFetch'),
  );

export const candidatesByIdsQueryOptions = (ids: number[]) =>
  queryOptions({ queryKey: candidateKeys.byIds(ids), queryFn: () => getCandidatesByIds(ids) });

export const useCandidatesByIds = (ids: number[], enabled: boolean) =>
  useQuery({ ...candidatesByIdsQueryOptions(ids), enabled: enabled && ids.length > 0 });
