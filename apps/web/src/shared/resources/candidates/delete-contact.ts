import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call } from '../../api/call';
import { withErrorToast } from '../../api/notify-error';
import { i18n } from '../../i18n/i18n';
import type { ContactChange } from './add-contact';
import { type Candidate, replaceCandidate } from './candidate';

/**
 * PATCH /candidates/{id}/delete_contact `{type, value}`: the server makes another contact primary when the
 * primary one goes. The catalogue has no message of its own for it: a failure toasts 'Error during the process'.
 */
export const deleteContact = ({ candidateId, type, value }: ContactChange): Promise<Candidate> =>
  withErrorToast(
    () => call(routes.candidates.deleteContact, { params: { id: candidateId }, body: { type, value } }),
    i18n.t('errors.generic'),
  );

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    onSuccess: (candidate) => replaceCandidate(queryClient, candidate),
  });
}
