import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { Signature as WireSignature } from '@vivier/contract';
import { routes } from '@vivier/contract/routes';
import { call } from '../../api/call';
import type { Camelize } from '../../api/case';
import { withErrorToast } from '../../api/notify-error';
import { i18n } from '../../i18n/i18n';
import { providerTokenHeader, providerTokenQueryOptions } from './provider-token';

export type Signature = Camelize<WireSignature>;

/** The caller's signature, and the mail provider's token the signature and the sending read. */
export const signatureKeys = { mine: ['signature'] as const, providerToken: ['oauth-token'] as const };

/**
 * GET /users/me/signature: the mail provider's signature for a Google sign-in (the server reads it with the
 * provider's token), else the stored one (SPEC sections 2 and 7); a failure toasts 'The signature could not
 * be fetched'.
 */
export const getSignature = async (queryClient: QueryClient): Promise<Signature> => {
  const token = await queryClient.fetchQuery(providerTokenQueryOptions());
  return withErrorToast(
    () => call(routes.signature.get, { headers: providerTokenHeader(token) }),
    i18n.t('errors.signatureFetch'),
  );
};

export const signatureQueryOptions = (queryClient: QueryClient) =>
  queryOptions({ queryKey: signatureKeys.mine, queryFn: () => getSignature(queryClient), staleTime: 0 });

export const useSignature = (queryClient: QueryClient) => useQuery(signatureQueryOptions(queryClient));
