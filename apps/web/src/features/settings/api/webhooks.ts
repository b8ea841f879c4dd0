import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import type { WebhookEventType } from '@vivier/contract/webhook-events';
import { call, type ResultOf } from '../../../shared/api/call';
import { withErrorToast } from '../../../shared/api/notify-error';
import { refetchAfterWrite } from '../../../shared/api/query-client';
import { i18n } from '../../../shared/i18n/i18n';

/** A webhook endpoint as the list shows it (issue 25, decision 199); `WebhookCreated` adds its secret, once. */
export type WebhookEndpoint = ResultOf<typeof routes.webhooks.update>;
export type WebhookCreated = ResultOf<typeof routes.webhooks.create>;
export type WebhookDelivery = ResultOf<typeof routes.webhooks.test>;

const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  deliveries: (id: number) => [...webhookKeys.all, 'deliveries', id] as const,
};

/** GET /webhooks (admins), fetched when the panel opens; a failure toasts. */
export const useWebhooks = (enabled: boolean) =>
  useQuery({
    queryKey: webhookKeys.list(),
    queryFn: async () =>
      (await withErrorToast(() => call(routes.webhooks.list, {}), i18n.t('settings.webhooks.fetchFailed')))
        .data,
    enabled,
  });

/**
 * GET /webhooks/{id}/deliveries: the latest 20, newest first. While one is pending it is read again every
 * 2 s, so the log shows the answer without a reload.
 */
export const useWebhookDeliveries = (id: number) =>
  useQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: async () =>
      (
        await withErrorToast(
          () => call(routes.webhooks.deliveries, { params: { id }, query: { perPage: 20 } }),
          i18n.t('settings.webhooks.logFailed'),
        )
      ).data,
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.state === 'pending') ? 2000 : false,
  });

/** POST /webhooks: answers the secret, which the panel shows this once; the list is refetched. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { url: string; eventTypes: WebhookEventType[]; description: string }) =>
      withErrorToast(() => call(routes.webhooks.create, { body }), i18n.t('settings.webhooks.createFailed')),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: webhookKeys.list() }),
  });
}

/** PATCH /webhooks/{id}: turns it off or on. */
export function useSetWebhookEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      withErrorToast(
        () => call(routes.webhooks.update, { params: { id }, body: { enabled } }),
        i18n.t('settings.webhooks.updateFailed'),
      ),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: webhookKeys.list() }),
  });
}

/** DELETE /webhooks/{id}: deliveries stop, the log goes. */
export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      withErrorToast(
        () => call(routes.webhooks.remove, { params: { id } }),
        i18n.t('settings.webhooks.removeFailed'),
      ),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: webhookKeys.list() }),
  });
}

/** POST /webhooks/{id}/test: a webhook.test delivery, shown in the log at once. */
export function useSendTestEvent(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      withErrorToast(
        () => call(routes.webhooks.test, { params: { id } }),
        i18n.t('settings.webhooks.testFailed'),
      ),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: webhookKeys.deliveries(id) }),
  });
}

/** POST /webhooks/{id}/deliveries/{deliveryId}/resend: the same event again, now. */
export function useResendDelivery(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) =>
      withErrorToast(
        () => call(routes.webhooks.resend, { params: { id, deliveryId } }),
        i18n.t('settings.webhooks.resendFailed'),
      ),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: webhookKeys.deliveries(id) }),
  });
}
