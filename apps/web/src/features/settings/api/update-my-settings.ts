import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExportFormat } from '@vivier/contract';
import { routes } from '@vivier/contract/routes';
import { call } from '../../../shared/api/call';
import { withErrorToast } from '../../../shared/api/notify-error';
import { i18n } from '../../../shared/i18n/i18n';
import type { Me } from '../../../shared/resources/users/get-me';
import { userKeys } from '../../../shared/resources/users/licence-user';

/** A change to the signed-in user's own settings: either part may be left out. */
export interface MySettingsChange {
  id: number;
  export?: { type: ExportFormat | null };
  emailSignature?: { value: string };
}

/**
 * PATCH /users/{id} `{settings}`: user settings live on the user's own record (issue 12); the server keeps only
 * safe HTML in the signature. A failure toasts 'The settings could not be updated'.
 */
export const updateMySettings = ({ id, ...settings }: MySettingsChange): Promise<Me> =>
  withErrorToast(
    () => call(routes.users.update, { params: { id }, body: { settings } }),
    i18n.t('errors.settingsUpdate'),
  );

export function useUpdateMySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMySettings,
    onSuccess: (me) => queryClient.setQueryData(userKeys.me(), me),
  });
}
