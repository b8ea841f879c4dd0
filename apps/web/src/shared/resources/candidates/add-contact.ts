import { useMutation } from '@tanstack/react-query';
import type { ContactType } from '@vivier/contract';
import { routes } from '@vivier/contract/routes';
import { callOrToast } from '../../api/notify-error';
import { cacheMutation } from '../../api/query-client';
import { type Candidate, replaceCandidate } from './candidate';

export interface ContactChange {
  candidateId: number;
  type: ContactType;
  value: string;
}

/** What the three contact writes (add, delete, set primary) send: the candidate's id and `{type, value}`. */
export const contactInput = ({ candidateId, type, value }: ContactChange) => ({
  params: { id: candidateId },
  body: { type, value },
});

/** PATCH /candidates/{id}/add_contact `{type, value}`; a failure toasts 'Could not add contact to candidate'. */
export const addContact = (change: ContactChange): Promise<Candidate> =>
  callOrToast(routes.candidates.addContact, contactInput(change), 'errors.candidateAddContact');

export const useAddContact = () => useMutation(cacheMutation(addContact, replaceCandidate));
