import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call } from '../../api/call';
import { withErrorToast } from '../../api/notify-error';
import { i18n } from '../../i18n/i18n';
import { type Candidate, replaceCandidate } from './candidate';

export interface CandidateTag {
  candidateId: number;
  tagId: number;
}

/**
 * POST /candidates/{candidateId}/tags/{tagId}; a failure toasts 'The tag could not be added' (docs/decisions/051:
 * the silent tag errors of SPEC section 8 are the job offer form's).
 */
export const attachCandidateTag = ({ candidateId, tagId }: CandidateTag): Promise<Candidate> =>
  withErrorToast(
    () => call(routes.candidates.attachTag, { params: { candidateId, tagId } }),
    i18n.t('errors.tagAdd'),
  );

export function useAttachCandidateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: attachCandidateTag,
    onSuccess: (candidate) => replaceCandidate(queryClient, candidate),
  });
}
