import { useMutation } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { callOrToast } from '../../api/notify-error';
import { cacheMutation } from '../../api/query-client';
import type { CandidateTag } from './attach-candidate-tag';
import { type Candidate, replaceCandidate } from './candidate';

/** DELETE /candidates/{candidateId}/tags/{tagId}; a failure toasts 'The tag could not be deleted'. */
export const detachCandidateTag = (params: CandidateTag): Promise<Candidate> =>
  callOrToast(routes.candidates.detachTag, { params }, 'errors.tagDelete');

export const useDetachCandidateTag = () => useMutation(cacheMutation(detachCandidateTag, replaceCandidate));
