import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call } from '../../../shared/api/call';
import { withErrorToast } from '../../../shared/api/notify-error';
import { refetchAfterWrite } from '../../../shared/api/query-client';
import { i18n } from '../../../shared/i18n/i18n';
import {
  type Setting,
  type Settings,
  settingsQueryOptions,
} from '../../../shared/resources/settings/get-settings';

export interface SettingChange {
  id: number;
  /** The value with its type (SPEC section 7): a rule's value, or a status id (null for none). */
  value: string | number | null;
}

/** PATCH /settings/{id} `{value: {type}}`; a failure toasts 'The settings could not be updated'. */
export const updateSetting = ({ id, value }: SettingChange): Promise<Setting> =>
  withErrorToast(
    () => call(routes.settings.update, { params: { id }, body: { value: { type: value } } }),
    i18n.t('errors.settingsUpdate'),
  );

/** A change shows at once in the cached settings, goes back if the server refuses it, then is refetched. */
export function useUpdateSetting() {
  const queryClient = useQueryClient();
  const { queryKey } = settingsQueryOptions();
  return useMutation({
    mutationFn: updateSetting,
    onMutate: async ({ id, value }) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<Settings>(queryKey);
      queryClient.setQueryData<Settings>(queryKey, (settings) =>
        settings
          ? {
              ...settings,
              data: settings.data.map((s) =>
                s.id === id ? { ...s, value: value === null ? null : String(value) } : s,
              ),
            }
          : settings,
      );
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSettled: () => refetchAfterWrite(queryClient, { queryKey }),
  });
}
