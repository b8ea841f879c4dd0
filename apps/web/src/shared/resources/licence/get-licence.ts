import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { useEffect } from 'react';
import { call } from '../../api/call';
import { withErrorToast } from '../../api/notify-error';
import { refetchAfterWrite } from '../../api/query-client';
import { i18n } from '../../i18n/i18n';
import type { SessionLicence } from '../../session/types';
import { useAppStore } from '../../store/app-store';
import { creditsLeft } from './credits';

/** GET /license from the licence service; its failure is toasted 'The license could not be fetched'. */
export const getLicence = (): Promise<SessionLicence> =>
  withErrorToast(() => call(routes.licence.get), i18n.t('errors.licenceFetch'));

/**
 * The one key of the licence query: the widget reads it, and whatever spends credits (creating, importing
 * candidates) invalidates it through `invalidateLicence`, so the two cannot drift apart again.
 */
export const licenceKeys = { all: ['licence'] as const };

export const licenceQueryOptions = () =>
  queryOptions({ queryKey: licenceKeys.all, queryFn: getLicence, staleTime: 5 * 60_000 });

/** Refetches the credits after a write that spent some (SPEC section 9). */
export const invalidateLicence = (queryClient: QueryClient) =>
  refetchAfterWrite(queryClient, { queryKey: licenceKeys.all });

/**
 * The signed-in user's licence. It is kept in the client store too, because the main data client reads its
 * `apiUrl` and the licence is saved to local storage (SPEC section 9); the saved copy shows until the fetch ends.
 */
export function useLicence() {
  const saved = useAppStore((state) => state.licence);
  const setLicence = useAppStore((state) => state.setLicence);
  const query = useQuery(licenceQueryOptions());
  useEffect(() => {
    if (query.data) setLicence(query.data);
  }, [query.data, setLicence]);
  return { licence: query.data ?? saved, isLoading: query.isLoading && !saved };
}

/** The credits left on the licence (SPEC section 9), undefined while it is not known yet. */
export function useCreditsLeft(): number | undefined {
  const { licence } = useLicence();
  return licence ? creditsLeft(licence) : undefined;
}
