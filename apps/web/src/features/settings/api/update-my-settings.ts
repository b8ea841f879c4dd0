import { useMutation } from '@tanstack/react-query';
import type { ExportFormat } from '@vivier/contract';
import { routes } from '@vivier/contract/routes';
import { callOrToast } from '../../../shared/api/notify-error';
import { cacheMutation } from '../../../shared/api/query-client';
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
  callOrToast(routes.users.update, { params: { id }, body: { settings } }, 'errors.settingsUpdate');

export const useUpdateMySettings = () =>
  useMutation(cacheMutation(updateMySettings, (client, me) => client.setQueryData(userKeys.me(), me)));
