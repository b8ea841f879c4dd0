import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call } from '../../api/call';
import { withErrorToast } from '../../api/notify-error';
import { i18n } from '../../i18n/i18n';
import { activityKeys, type RejectionReason } from './activity';

/** GET /rejection_reasons: the licence's list, in order. */
export const getRejectionReasons = async (): Promise<RejectionReason[]> =>
  (await withErrorToast(() => call(routes.rejectionReasons.list, {}), i18n.t('activity.fetchFailed'))).data;

export const useRejectionReasons = (enabled = true) =>
  useQuery({ queryKey: activityKeys.rejectionReasons(), queryFn: getRejectionReasons, enabled });

/** PUT /rejection_reasons (admins): the whole list. */
export function useSaveRejectionReasons() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reasons: { id?: number | undefined; name: string }[]) =>
      withErrorToast(
        () => call(routes.rejectionReasons.save, { body: { reasons } }),
        i18n.t('activity.reasons.saveFailed'),
      ),
    onSuccess: (answer) => queryClient.setQueryData(activityKeys.rejectionReasons(), answer.data),
  });
}
