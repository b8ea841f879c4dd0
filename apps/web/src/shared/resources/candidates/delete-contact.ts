import { useMutation } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { callOrToast } from '../../api/notify-error';
import { cacheMutation } from '../../api/query-client';
import { type ContactChange, contactInput } from './add-contact';
import { type Candidate, replaceCandidate } from './candidate';

/**
 * PATCH /candidates/{id}/delete_contact `{type, value}`: the server makes another contact primary when the
 * primary one goes. The catalogue has no message of its own for it: a failure toasts 'Error during the process'.
 */
export const deleteContact = (change: ContactChange): Promise<Candidate> =>
  callOrToast(routes.candidates.deleteContact, contactInput(change), 'errors.generic');

export const useDeleteContact = () => useMutation(cacheMutation(deleteContact, replaceCandidate));
