import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CandidatePatch } from '@vivier/contract';
import { routes } from '@vivier/contract/routes';
import { call } from '../../api/call';
import type { Camelize } from '../../api/case';
import { withErrorToast } from '../../api/notify-error';
import { i18n } from '../../i18n/i18n';
import { type Candidate, replaceCandidate } from './candidate';

export interface CandidateUpdate {
  id: number;
  fields: Camelize<CandidatePatch['candidate']>;
}

/** PATCH /candidates/{id}/ `{candidate: {manual_data, details}}`; a failure toasts 'Error during the process'. */
export const updateCandidate = ({ id, fields }: CandidateUpdate): Promise<Candidate> =>
  withErrorToast(
    () => call(routes.candidates.update, { params: { id }, body: { candidate: fields } }),
    i18n.t('errors.generic'),
  );

export function useUpdateCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCandidate,
    onSuccess: (candidate) => replaceCandidate(queryClient, candidate),
  });
}
