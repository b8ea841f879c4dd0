import { useMutation } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { callOrToast } from '../../api/notify-error';
import { cacheMutation } from '../../api/query-client';
import { type Candidate, replaceCandidate } from './candidate';

export interface CandidateTag {
  candidateId: number;
  tagId: number;
}

/**
 * POST /candidates/{candidateId}/tags/{tagId}; a failure toasts 'The tag could not be added' (docs/decisions/051:
 * the silent tag errors of SPEC section 8 are the job offer form's).
 */
export const attachCandidateTag = (params: CandidateTag): Promise<Candidate> =>
  callOrToast(routes.candidates.attachTag, { params }, 'errors.tagAdd');

export const useAttachCandidateTag = () => useMutation(cacheMutation(attachCandidateTag, replaceCandidate));
