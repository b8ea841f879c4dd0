import { useMutation } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { callOrToast } from '../../api/notify-error';
import { cacheMutation } from '../../api/query-client';
import { type Signature, signatureKeys } from './get-signature';

/** PUT /users/me/signature (stored sanitised); a failure toasts 'The settings could not be updated'. */
export const saveSignature = (value: string): Promise<Signature> =>
  callOrToast(routes.signature.save, { body: { value } }, 'errors.settingsUpdate');

export const useSaveSignature = () =>
  useMutation(
    cacheMutation(saveSignature, (client, signature) => client.setQueryData(signatureKeys.mine, signature)),
  );
