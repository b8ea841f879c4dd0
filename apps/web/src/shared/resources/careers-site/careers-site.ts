import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CareersSiteInput, CareersSite as WireCareersSite } from '@vivier/contract';
import { routes } from '@vivier/contract/routes';
import { call, pathOf } from '../../api/call';
import type { Camelize } from '../../api/case';
import { callOrToast, withErrorToast } from '../../api/notify-error';
import { refetchAfterWrite } from '../../api/query-client';
import { mainBaseUrl } from '../../api/services';
import { uploadFile } from '../../api/upload-file';
import { i18n } from '../../i18n/i18n';

/** The licence's careers site settings (issue 23). */
export type CareersSite = Camelize<WireCareersSite>;
export type CareersSiteFields = Camelize<CareersSiteInput>;

/** The careers site's cache key, the only place it is written. */
export const careersSiteKeys = { all: ['careers-site'] as const };

/** GET /careers_site: everyone reads it (the posting's public link is made from its slug). */
export const useCareersSite = (enabled = true) =>
  useQuery({
    queryKey: careersSiteKeys.all,
    enabled,
    queryFn: () => withErrorToast(() => call(routes.careersSite.get, {}), i18n.t('errors.careersSiteFetch')),
  });

/** PUT /careers_site (admins). */
export function useSaveCareersSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: CareersSiteFields) =>
      callOrToast(routes.careersSite.save, { body: fields }, 'errors.careersSiteSave'),
    onSuccess: (site) => queryClient.setQueryData(careersSiteKeys.all, site),
  });
}

/** PUT /careers_site/logo (admins): a PNG or JPEG of at most 1 MB. */
export function useUploadCareersLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      withErrorToast(
        () => uploadFile<CareersSite>(pathOf(routes.careersSite.uploadLogo, undefined), file, 'PUT'),
        i18n.t('errors.careersLogoUpload'),
      ),
    onSuccess: (site) => queryClient.setQueryData(careersSiteKeys.all, site),
  });
}

/** DELETE /careers_site/logo (admins). */
export function useRemoveCareersLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callOrToast(routes.careersSite.removeLogo, {}, 'errors.careersSiteSave'),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: careersSiteKeys.all }),
  });
}

/**
 * The absolute address of a careers page: the public pages are the API server's, beside `/api` (decision
 * 189), so they are where the main service's base URL is, without its `/api`.
 */
export function careersAddress(path: string): string {
  const base = new URL(mainBaseUrl() ?? '/api', window.location.href);
  const root = base.pathname.replace(/\/api\/?$/, '').replace(/\/+$/, '');
  return `${base.origin}${root}${path}`;
}
