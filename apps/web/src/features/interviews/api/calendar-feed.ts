import { useMutation, useQuery } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call } from '../../../shared/api/call';
import { callOrToast, withErrorToast } from '../../../shared/api/notify-error';
import { invalidatingMutation } from '../../../shared/api/query-client';
import { i18n } from '../../../shared/i18n/i18n';
import { interviewKeys } from '../../../shared/resources/interviews/interview';

/** GET /users/me/calendar_feed. */
export const useCalendarFeed = () =>
  useQuery({
    queryKey: interviewKeys.feed(),
    queryFn: () => withErrorToast(() => call(routes.calendarFeed.get, {}), i18n.t('errors.interviewsFetch')),
  });

/** POST /users/me/calendar_feed: a new secret URL (shown once; any earlier one stops). */
export const useCreateCalendarFeed = () =>
  useMutation(
    invalidatingMutation(
      () => callOrToast(routes.calendarFeed.create, {}, 'errors.interviewSave'),
      interviewKeys.feed(),
    ),
  );

/** DELETE /users/me/calendar_feed. */
export const useRevokeCalendarFeed = () =>
  useMutation(
    invalidatingMutation(
      () => callOrToast(routes.calendarFeed.revoke, {}, 'errors.interviewSave'),
      interviewKeys.feed(),
    ),
  );
