import { queryOptions, useQuery } from '@tanstack/react-query';
import type { License } from '@vivier/contract';
import { useEffect } from 'react';
import type { Camelize } from '../../../shared/api/case';
import { withErrorToast } from '../../../shared/api/notify-error';
import { licenseService } from '../../../shared/api/services';
import { i18n } from '../../../shared/i18n/i18n';
import type { SessionLicense } from '../../../shared/session/types';
import { useAppStore } from '../../../shared/store/app-store';

/** GET /license from the licence service; its failure is toasted 'The license could not be fetched'. */
export const getLicense = (): Promise<SessionLicense> =>
  withErrorToast(() => licenseService.get<Camelize<License>>('/license'), i18n.t('errors.licenseFetch'));

export const licenseQueryOptions = () =>
  queryOptions({ queryKey: ['license'], queryFn: getLicense, staleTime: 5 * 60_000 });

/**
 * The signed-in user's licence. It is kept in the client store too, because the main data client reads its
 * `apiUrl` and the licence is saved to local storage (SPEC section 9); the saved copy shows until the fetch ends.
 */
export function useLicense() {
  const saved = useAppStore((state) => state.license);
  const setLicense = useAppStore((state) => state.setLicense);
  const query = useQuery(licenseQueryOptions());
  useEffect(() => {
    if (query.data) setLicense(query.data);
  }, [query.data, setLicense]);
  return { license: query.data ?? saved, isLoading: query.isLoading && !saved };
}
