import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withErrorToast } from '../../api/notify-error';
import { mainService } from '../../api/services';
import { i18n } from '../../i18n/i18n';
import { type Signature, signatureKeys } from './get-signature';

/** PUT /users/me/signature (stored sanitised); a failure toasts 'The settings could not be updated'. */
export const saveSignature = (value: string): Promise<Signature> =>
  withErrorToast(
    () => mainService.put<Signature>('/users/me/signature', { value }),
    i18n.t('errors.settingsUpdate'),
  );

export function useSaveSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSignature,
    onSuccess: (signature) => queryClient.setQueryData(signatureKeys.mine, signature),
  });
}
