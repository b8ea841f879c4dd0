import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call } from '../../api/call';
import { withErrorToast } from '../../api/notify-error';
import { i18n } from '../../i18n/i18n';
import { type Signature, signatureKeys } from './get-signature';

/** PUT /users/me/signature (stored sanitised); a failure toasts 'The settings could not be updated'. */
export const saveSignature = (value: string): Promise<Signature> =>
  withErrorToast(() => call(routes.signature.save, { body: { value } }), i18n.t('errors.settingsUpdate'));

export function useSaveSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSignature,
    onSuccess: (signature) => queryClient.setQueryData(signatureKeys.mine, signature),
  });
}
