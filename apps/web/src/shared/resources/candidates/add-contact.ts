import { useMutation } from '@tanstack/react-query';
import type { ContactType } from '@vivier/contract';
import { routes } from '@vivier/contract/routes';
import { cacheMutation, callOrToast } from '../../api/mutation';
import { type Candidate, replaceCandidate } from './candidate';

export interface ContactChange {
  candidateId: number;
  type: ContactType;
  value: string;
}

/** PATCH /candidates/{id}/add_contact `{type, value}`; a failure toasts 'Could not add contact to candidate'. */
export const addContact = ({ candidateId, type, value }: ContactChange): Promise<Candidate> =>
  callOrToast(
    routes.candidates.addContact,
    { params: { id: candidateId }, body: { type, value } },
    'errors.candidateAddContact',
  );

export const useAddContact = () => useMutation(cacheMutation(addContact, replaceCandidate));
