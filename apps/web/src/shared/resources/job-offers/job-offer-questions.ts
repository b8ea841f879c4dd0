import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobOfferQuestionsInput, JobOfferQuestion as WireQuestion } from '@vivier/contract';
import { routes } from '@vivier/contract/routes';
import { call } from '../../api/call';
import type { Camelize } from '../../api/case';
import { callOrToast, withErrorToast } from '../../api/notify-error';
import { i18n } from '../../i18n/i18n';
import { jobOfferKeys } from './job-offer-keys';

/** A question of an offer's apply form (issue 23), in the form's order. */
export type JobOfferQuestion = Camelize<WireQuestion>;
/** A question as saved: a kept one with its id, a new one without. */
export type JobOfferQuestionDraft = Camelize<JobOfferQuestionsInput['questions'][number]>;

/** GET /job_offers/{id}/questions. */
export const useJobOfferQuestions = (jobOfferId: number) =>
  useQuery({
    queryKey: jobOfferKeys.questions(jobOfferId),
    queryFn: async () =>
      (
        await withErrorToast(
          () => call(routes.jobOffers.questions, { params: { id: jobOfferId } }),
          i18n.t('errors.jobOfferFetch'),
        )
      ).data,
  });

/** PUT /job_offers/{id}/questions: the whole ordered list; the answer replaces the cached one. */
export function useSaveJobOfferQuestions(jobOfferId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (questions: JobOfferQuestionDraft[]) =>
      callOrToast(
        routes.jobOffers.saveQuestions,
        { params: { id: jobOfferId }, body: { questions } },
        'errors.jobOfferSave',
      ),
    onSuccess: (answer) => queryClient.setQueryData(jobOfferKeys.questions(jobOfferId), answer.data),
  });
}
