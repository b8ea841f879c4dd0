import { useMutation } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { type BodyOf, call } from '../../../shared/api/call';
import { cacheMutation, refetchAfterWrite } from '../../../shared/api/query-client';
import { candidateKeys } from '../../../shared/resources/candidates/candidate';
import { invalidateLicence } from '../../../shared/resources/licence/get-licence';
import type { Candidate } from '../types';

/** The 'New candidate' form's fields, as POST /candidates takes them (snake_case on the wire). */
export type CandidateFields = BodyOf<typeof routes.candidates.create>['candidate'];

/**
 * POST /candidates `{candidate: {...}}`: one credit; a duplicate email answers 409 with the existing candidate's
 * id, which the form shows itself (no generic toast here).
 */
export const createCandidate = (fields: CandidateFields): Promise<Candidate> =>
  call(routes.candidates.create, { body: { candidate: fields } });

/** The mutation; the candidate lists and the licence's credits are refetched after it. */
export const useCreateCandidate = () =>
  useMutation(
    cacheMutation(createCandidate, (client) =>
      Promise.all([refetchAfterWrite(client, { queryKey: candidateKeys.all }), invalidateLicence(client)]),
    ),
  );
