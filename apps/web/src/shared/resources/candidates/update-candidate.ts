import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CandidatePatch } from '@vivier/contract';
import type { Camelize } from '../../api/case';
import { withErrorToast } from '../../api/notify-error';
import { mainService } from '../../api/services';
import { i18n } from '../../i18n/i18n';
import { type Candidate, replaceCandidate } from './candidate';

export interface CandidateUpdate {
  id: number;
  fields: Camelize<CandidatePatch['candidate']>;
}

/** PATCH /candidates/{id}/ `{candidate: {manual_data, details}}`; a failure toasts 'Error during the process'. */
export const updateCandidate = ({ id, fields }: CandidateUpdate): Promise<Candidate> =>
  withErrorToast(
    () => mainService.patch<Candidate>(`/candidates/${id}/`, { candidate: fields }),
    i18n.t('errors.generic'),
  );

export function useUpdateCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCandidate,
    onSuccess: (candidate) => replaceCandidate(queryClient, candidate),
  });
}
