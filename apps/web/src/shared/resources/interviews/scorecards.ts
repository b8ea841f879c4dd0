import { useMutation, useQuery } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call } from '../../api/call';
import { callOrToast, withErrorToast } from '../../api/notify-error';
import { invalidatingMutation } from '../../api/query-client';
import { i18n } from '../../i18n/i18n';
import { activityKeys } from '../activity/activity';
import { interviewKeys } from './interview';

/** GET /interviews/{id}/scorecards. */
export const useInterviewScorecards = (interviewId: number) =>
  useQuery({
    queryKey: interviewKeys.scorecards(interviewId),
    queryFn: () =>
      withErrorToast(
        () => call(routes.interviews.scorecards, { params: { id: interviewId } }),
        i18n.t('errors.interviewsFetch'),
      ),
  });

/** PUT /interviews/{id}/scorecard: the caller's own. */
export const useSubmitScorecard = (candidateId: number) =>
  useMutation(
    invalidatingMutation(
      (input: {
        interviewId: number;
        rating: number;
        criteria: { criterionId: number; rating: number }[];
        notes: string;
      }) =>
        callOrToast(
          routes.interviews.submitScorecard,
          {
            params: { id: input.interviewId },
            body: { rating: input.rating, criteria: input.criteria, notes: input.notes },
          },
          'errors.scorecardSave',
        ),
      interviewKeys.all,
      activityKeys.candidate(candidateId),
    ),
  );
