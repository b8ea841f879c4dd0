import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiScope } from '@vivier/contract/api-token-scopes';
import { routes } from '@vivier/contract/routes';
import { call, type ResultOf } from '../../../shared/api/call';
import { withErrorToast } from '../../../shared/api/notify-error';
import { refetchAfterWrite } from '../../../shared/api/query-client';
import { i18n } from '../../../shared/i18n/i18n';

/** An API token as the list shows it (issue 25, decision 198); `ApiTokenCreated` adds the token, once. */
export type ApiToken = ResultOf<typeof routes.apiTokens.revoke>;
export type ApiTokenCreated = ResultOf<typeof routes.apiTokens.create>;

const apiTokenKeys = { list: () => ['api-tokens'] as const };

/** GET /api_tokens (admins), fetched when the panel opens; a failure toasts. */
export const useApiTokens = (enabled: boolean) =>
  useQuery({
    queryKey: apiTokenKeys.list(),
    queryFn: async () =>
      (await withErrorToast(() => call(routes.apiTokens.list, {}), i18n.t('settings.apiTokens.fetchFailed')))
        .data,
    enabled,
  });

/** POST /api_tokens: answers the token, which the panel shows this once; the list is refetched. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; scopes: ApiScope[]; expiresAt: string | null }) =>
      withErrorToast(
        () => call(routes.apiTokens.create, { body }),
        i18n.t('settings.apiTokens.createFailed'),
      ),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: apiTokenKeys.list() }),
  });
}

/** DELETE /api_tokens/{id}: the token is refused from its next call. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      withErrorToast(
        () => call(routes.apiTokens.revoke, { params: { id } }),
        i18n.t('settings.apiTokens.revokeFailed'),
      ),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: apiTokenKeys.list() }),
  });
}
