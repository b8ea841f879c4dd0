import { useMutation } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { callOrToast } from '../../api/notify-error';
import { cacheMutation } from '../../api/query-client';
import { type ContactChange, contactInput } from './add-contact';
import { type Candidate, replaceCandidate } from './candidate';

/** PATCH /candidates/{id}/set_primary_contact `{type, value}`; a failure toasts 'Error during the process'. */
export const setPrimaryContact = (change: ContactChange): Promise<Candidate> =>
  callOrToast(routes.candidates.setPrimaryContact, contactInput(change), 'errors.generic');

export const useSetPrimaryContact = () => useMutation(cacheMutation(setPrimaryContact, replaceCandidate));
