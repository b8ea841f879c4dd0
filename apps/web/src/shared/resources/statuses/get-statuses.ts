import { queryOptions, useQuery } from '@tanstack/react-query';
import { withErrorToast } from '../../api/notify-error';
import { mainService } from '../../api/services';
import { i18n } from '../../i18n/i18n';
import { type Status, statusKeys } from './status';

/** GET /statuses: the pipeline in order; a failure toasts 'The statuses could not be fetched'. */
export const getStatuses = (): Promise<Status[]> =>
  withErrorToast(() => mainService.getAll<Status>('/statuses'), i18n.t('errors.statusesFetch'));

export const statusesQueryOptions = () =>
  queryOptions({ queryKey: statusKeys.all, queryFn: getStatuses, staleTime: 60_000 });

export const useStatuses = (enabled = true) => useQuery({ ...statusesQueryOptions(), enabled });

export type { Status } from './status';
