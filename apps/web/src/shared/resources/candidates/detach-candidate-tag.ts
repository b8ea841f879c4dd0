import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call } from '../../api/call';
import { withErrorToast } from '../../api/notify-error';
import { i18n } from '../../i18n/i18n';
import type { CandidateTag } from './attach-candidate-tag';
import { type Candidate, replaceCandidate } from './candidate';

/** DELETE /candidates/{candidateId}/tags/{tagId}; a failure toasts 'The tag could not be deleted'. */
export const detachCandidateTag = ({ candidateId, tagId }: CandidateTag): Promise<Candidate> =>
  withErrorToast(
    () => call(routes.candidates.detachTag, { params: { candidateId, tagId } }),
    i18n.t('errors.tagDelete'),
  );

export function useDetachCandidateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: detachCandidateTag,
    onSuccess: (candidate) => replaceCandidate(queryClient, candidate),
  });
}
