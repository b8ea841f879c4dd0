import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mainService } from '../../../shared/api/services';
import { invalidateLicence } from '../../../shared/resources/licence/get-licence';
import type { Candidate } from '../types';
import { candidateKeys } from './query-keys';

/** The 'New candidate' form's fields, as POST /candidates takes them (snake_case on the wire). */
export interface CandidateFields {
  firstName: string | null;
  lastName: string | null;
  title: string | null;
  company: string | null;
  linkedinUrl: string | null;
  emails: string[];
  phones: string[];
  tagIds: number[];
}

/**
 * POST /candidates `{candidate: {...}}`: one credit; a duplicate email answers 409 with the existing candidate's
 * id, which the form shows itself (no generic toast here).
 */
export const createCandidate = (fields: CandidateFields): Promise<Candidate> =>
  mainService.post<Candidate>('/candidates', { candidate: fields });

/** The mutation; the candidate lists and the licence's credits are refetched after it. */
export function useCreateCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCandidate,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: candidateKeys.all }),
        invalidateLicence(queryClient),
      ]),
  });
}
