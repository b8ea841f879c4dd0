import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call } from '../../api/call';
import { withErrorToast } from '../../api/notify-error';
import { i18n } from '../../i18n/i18n';
import type { ContactChange } from './add-contact';
import { type Candidate, replaceCandidate } from './candidate';

/** PATCH /candidates/{id}/set_primary_contact `{type, value}`; a failure toasts 'Error during the process'. */
export const setPrimaryContact = ({ candidateId, type, value }: ContactChange): Promise<Candidate> =>
  withErrorToast(
    () => call(routes.candidates.setPrimaryContact, { params: { id: candidateId }, body: { type, value } }),
    i18n.t('errors.generic'),
  );

export function useSetPrimaryContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPrimaryContact,
    onSuccess: (candidate) => replaceCandidate(queryClient, candidate),
  });
}
