import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withErrorToast } from '../../api/notify-error';
import { mainService } from '../../api/services';
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
    () => mainService.post<Candidate>(`/candidates/${candidateId}/tags/${tagId}`),
    i18n.t('errors.tagAdd'),
  );

export function useAttachCandidateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: attachCandidateTag,
    onSuccess: (candidate) => replaceCandidate(queryClient, candidate),
  });
}
