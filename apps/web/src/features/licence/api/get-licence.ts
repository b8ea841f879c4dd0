import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Licence } from '@vivier/contract';
import { useEffect } from 'react';
import type { Camelize } from '../../../shared/api/case';
import { withErrorToast } from '../../../shared/api/notify-error';
import { licenceService } from '../../../shared/api/services';
import { i18n } from '../../../shared/i18n/i18n';
import type { SessionLicence } from '../../../shared/session/types';
import { useAppStore } from '../../../shared/store/app-store';

/** GET /license from the licence service; its failure is toasted 'The license could not be fetched'. */
export const getLicence = (): Promise<SessionLicence> =>
  withErrorToast(() => licenceService.get<Camelize<Licence>>('/license'), i18n.t('errors.licenceFetch'));

export const licenceQueryOptions = () =>
  queryOptions({ queryKey: ['licence'], queryFn: getLicence, staleTime: 5 * 60_000 });

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
