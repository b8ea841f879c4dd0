import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withErrorToast } from '../../api/notify-error';
import { mainService } from '../../api/services';
import { i18n } from '../../i18n/i18n';
import type { ContactChange } from './add-contact';
import { type Candidate, replaceCandidate } from './candidate';

/** PATCH /candidates/{id}/set_primary_contact `{type, value}`; a failure toasts 'Error during the process'. */
export const setPrimaryContact = ({ candidateId, type, value }: ContactChange): Promise<Candidate> =>
  withErrorToast(
    () => mainService.patch<Candidate>(`/candidates/${candidateId}/set_primary_contact`, { type, value }),
    i18n.t('errors.generic'),
  );

export function useSetPrimaryContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPrimaryContact,
    onSuccess: (candidate) => replaceCandidate(queryClient, candidate),
  });
}
