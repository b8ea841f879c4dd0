import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call, type ResultOf } from '../../../shared/api/call';
import { withErrorToast } from '../../../shared/api/notify-error';
import { refetchAfterWrite } from '../../../shared/api/query-client';
import { i18n } from '../../../shared/i18n/i18n';

/** The list of candidates due and the licence's retention settings (issue 24). */
export type RetentionDue = ResultOf<typeof routes.retention.due>;

const retentionKeys = { due: () => ['retention', 'due'] as const };

/** GET /retention/due (admins); a failure toasts. Fetched when the panel opens. */
export const useRetentionDue = (enabled: boolean) =>
  useQuery({
    queryKey: retentionKeys.due(),
    queryFn: () =>
      withErrorToast(() => call(routes.retention.due, {}), i18n.t('settings.retention.fetchFailed')),
    enabled,
  });

/** POST /retention/exclusions: the candidate leaves the list (refetched). */
export function useExcludeFromRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ candidateId, reason }: { candidateId: number; reason: string }) =>
      withErrorToast(
        () => call(routes.retention.exclude, { body: { candidateId, reason } }),
        i18n.t('settings.retention.excludeFailed'),
      ),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: retentionKeys.due() }),
  });
}

/** A change of the retention settings changes who is due. */
export const invalidateRetention = (queryClient: ReturnType<typeof useQueryClient>) =>
  refetchAfterWrite(queryClient, { queryKey: retentionKeys.due() });
