import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactType } from '@vivier/contract';
import { routes } from '@vivier/contract/routes';
import { call } from '../../api/call';
import { withErrorToast } from '../../api/notify-error';
import { i18n } from '../../i18n/i18n';
import { type Candidate, replaceCandidate } from './candidate';

export interface ContactChange {
  candidateId: number;
  type: ContactType;
  value: string;
}

/** PATCH /candidates/{id}/add_contact `{type, value}`; a failure toasts 'Could not add contact to candidate'. */
export const addContact = ({ candidateId, type, value }: ContactChange): Promise<Candidate> =>
  withErrorToast(
    () => call(routes.candidates.addContact, { params: { id: candidateId }, body: { type, value } }),
    i18n.t('errors.candidateAddContact'),
  );

export function useAddContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addContact,
    onSuccess: (candidate) => replaceCandidate(queryClient, candidate),
  });
}
