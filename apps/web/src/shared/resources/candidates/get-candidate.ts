import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call } from '../../api/call';
import { withErrorToast } from '../../api/notify-error';
import { i18n } from '../../i18n/i18n';
import { type Candidate, candidateKeys } from './candidate';

/** GET /candidates/{id}; a failure toasts 'Could not fetch candidate'. */
export const getCandidate = (id: number): Promise<Candidate> =>
  withErrorToast(() => call(routes.candidates.get, { params: { id } }), i18n.t('errors.candidateFetch'));

export const candidateQueryOptions = (id: number) =>
  queryOptions({ queryKey: candidateKeys.detail(id), queryFn: () => getCandidate(id) });

/** One candidate; nothing is fetched without an id. */
export const useCandidate = (id: number | undefined) =>
  useQuery({ ...candidateQueryOptions(id ?? 0), enabled: id !== undefined && id > 0 });
