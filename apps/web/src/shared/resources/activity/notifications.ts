import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call } from '../../api/call';
import { withErrorToast } from '../../api/notify-error';
import { refetchAfterWrite } from '../../api/query-client';
import { withSilentFailure } from '../../api/silent-failure';
import { i18n } from '../../i18n/i18n';
import { activityKeys } from './activity';

/** How often the bell asks for news while the app is open. */
export const NOTIFICATIONS_REFETCH_MS = 60_000;

/** GET /notifications: the newest 20 and the unread count; a failure is silent (the bell keeps its count). */
export const getNotifications = () =>
  withSilentFailure(() => call(routes.notifications.list, { query: { perPage: 20 } }));

export const useNotifications = () =>
  useQuery({
    queryKey: activityKeys.notifications(),
    queryFn: getNotifications,
    refetchInterval: NOTIFICATIONS_REFETCH_MS,
  });

function useNotificationsWrite<I>(run: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => withErrorToast(() => run(input), i18n.t('activity.notifications.failed')),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: activityKeys.notifications() }),
  });
}

/** POST /notifications/{id}/read. */
export const useMarkNotificationRead = () =>
  useNotificationsWrite((id: number) => call(routes.notifications.read, { params: { id } }));

/** POST /notifications/read_all. */
export const useMarkAllNotificationsRead = () =>
  useNotificationsWrite((_: undefined) => call(routes.notifications.readAll, {}));
