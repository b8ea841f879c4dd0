import { useMutation } from '@tanstack/react-query';
import type { CandidatePatch } from '@vivier/contract';
import { routes } from '@vivier/contract/routes';
import type { Camelize } from '../../api/case';
import { callOrToast } from '../../api/notify-error';
import { cacheMutation } from '../../api/query-client';
import { type Candidate, replaceCandidate } from './candidate';

export interface CandidateUpdate {
  id: number;
  fields: Camelize<CandidatePatch['candidate']>;
}

/** PATCH /candidates/{id}/ `{candidate: {manual_data, details}}`; a failure toasts 'Error during the process'. */
export const updateCandidate = ({ id, fields }: CandidateUpdate): Promise<Candidate> =>
  callOrToast(routes.candidates.update, { params: { id }, body: { candidate: fields } }, 'errors.generic');

export const useUpdateCandidate = () => useMutation(cacheMutation(updateCandidate, replaceCandidate));
