import { useQuery } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call } from '../../../shared/api/call';
import { withErrorToast } from '../../../shared/api/notify-error';
import { i18n } from '../../../shared/i18n/i18n';
import { candidateKeys } from '../../../shared/resources/candidates/candidate';

/**
 * GET /candidate_sources: the sources of the licence's applications with how many candidates came through each
 * (issue 23), for the filter's list; a failure toasts 'The candidate data could not be fetched'.
 */
export const getCandidateSources = () =>
  withErrorToast(() => call(routes.candidates.sources, {}), i18n.t('errors.candidateDataFetch'));

/** Under the candidates' prefix: a write that refreshes the candidates refreshes the counts too. */
export const useCandidateSources = () =>
  useQuery({ queryKey: candidateKeys.sources(), queryFn: getCandidateSources });
